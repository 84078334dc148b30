import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReplyTemplatesInput, apiRoutes, inquiryReplyFields } from '@blitz/contract';
import { apiRequest, apiUpload } from '../../../lib/api-client';
import { companyDetailsAnswer, inquiryReplyCreatedAnswer, replyTemplatesAnswer } from '../../../lib/answer-reader';
import { inboxQueryKeys } from './inquiries';

// Replies from the dashboard (issue 42): loaded with the inquiry's dialog, not with the list; their
// answers read without zod, as the dialog's are (lib/answer-reader.ts, issue 46).

const replyQueryKeys = {
  templates: () => [...inboxQueryKeys.all, 'reply-templates'] as const,
  company: () => [...inboxQueryKeys.all, 'company'] as const,
};

/** The reply templates (both languages); admins save them through the API. */
export const useReplyTemplates = () =>
  useQuery({
    queryKey: replyQueryKeys.templates(),
    queryFn: ({ signal }) => apiRequest(apiRoutes.inbox.replyTemplates, { schema: replyTemplatesAnswer, admin: true, signal }),
  });

/**
 * The company's name, phone and address, as the reply templates' placeholders name them. Read
 * without zod, as the frame reads them: the company details' schema (with the projects' and
 * categories' it builds on) would be built for three fields each time the inquiry dialog's code
 * loads, a long task of its own on a phone (issue 46).
 */
export const useReplyCompany = () =>
  useQuery({
    queryKey: replyQueryKeys.company(),
    queryFn: ({ signal }) => apiRequest(apiRoutes.companyDetails, { schema: companyDetailsAnswer, admin: true, signal }),
    select: (company) => ({ companyName: company.name, companyPhone: company.phone, companyEmail: company.email }),
  });

export type ReplyDraft = { subject: string; body: string; files: readonly File[]; key: string };

/**
 * Sends a reply to the sender (multipart: its files go along). `key` is made once per reply: a
 * second click or a retry after a lost answer sends the same key, and the server sends one mail.
 */
export function sendReply(id: number, draft: ReplyDraft) {
  const form = new FormData();
  form.append(inquiryReplyFields.subject, draft.subject);
  form.append(inquiryReplyFields.body, draft.body);
  form.append(inquiryReplyFields.key, draft.key);
  for (const file of draft.files) form.append(inquiryReplyFields.attachment, file, file.name);
  return apiUpload(apiRoutes.inbox.replyPath(id), { method: 'POST', form, schema: inquiryReplyCreatedAnswer });
}

/** The inquiry is shown again after a reply: answered, with the reply in its mails and time line. */
export function useSendReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, draft }: { id: number; draft: ReplyDraft }) => sendReply(id, draft),
    onSettled: (_reply, _error, { id }) => queryClient.invalidateQueries({ queryKey: inboxQueryKeys.detail(id) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...inboxQueryKeys.all, 'list'] }),
  });
}

/** Saves the whole list (admins); the answer, with the ids the server gave, is what the cache holds. */
export function useSaveReplyTemplates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (templates: ReplyTemplatesInput) =>
      apiRequest(apiRoutes.inbox.replyTemplates, { method: 'PUT', body: templates, schema: replyTemplatesAnswer, admin: true }),
    onSuccess: (saved) => queryClient.setQueryData(replyQueryKeys.templates(), saved),
  });
}
