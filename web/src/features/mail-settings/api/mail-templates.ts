import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type MailTemplate,
  type MailTemplatePreviewRequest,
  type MailTemplateSave,
  apiRoutes,
  mailPreviewSchema,
  mailTemplateListSchema,
  mailTemplateSchema,
  mailTemplateTestResultSchema,
} from '@blitz/contract';
import { apiRequest } from '../../../lib/api-client';

export const mailTemplatesQueryKey = ['mail-templates'] as const;

/** Every automatic mail's words, with the shipped ones (admin only). */
export const mailTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: mailTemplatesQueryKey,
    queryFn: ({ signal }) =>
      apiRequest(apiRoutes.mailTemplates.templates, { schema: mailTemplateListSchema, admin: true, signal }),
  });

export const useMailTemplates = () => useQuery(mailTemplatesQueryOptions());

const sameTemplate = (a: MailTemplate, b: MailTemplate) => a.type === b.type && a.kind === b.kind && a.language === b.language;

/** Saves one template; its answer replaces it in the list (no refetch). */
export function useSaveMailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (template: MailTemplateSave) =>
      apiRequest(apiRoutes.mailTemplates.templates, { method: 'PUT', body: template, schema: mailTemplateSchema, admin: true }),
    onSuccess: (saved) =>
      queryClient.setQueryData(mailTemplatesQueryKey, (list: { data: MailTemplate[] } | undefined) =>
        list ? { data: list.data.map((t) => (sameTemplate(t, saved) ? saved : t)) } : list,
      ),
  });
}

/** The saved templates read anew (after a stale save: a colleague's version). */
export function useReloadMailTemplates() {
  const queryClient = useQueryClient();
  return () => queryClient.fetchQuery({ ...mailTemplatesQueryOptions(), staleTime: 0 });
}

/** A template's words rendered with a sample inquiry, not saved. */
export function usePreviewMailTemplate() {
  return useMutation({
    mutationFn: (template: MailTemplatePreviewRequest) =>
      apiRequest(apiRoutes.mailTemplates.preview, { method: 'POST', body: template, schema: mailPreviewSchema, admin: true }),
  });
}

/** That sample sent to the signed-in user's own address. */
export function useSendTemplateTest() {
  return useMutation({
    mutationFn: (template: MailTemplatePreviewRequest) =>
      apiRequest(apiRoutes.mailTemplates.test, {
        method: 'POST',
        body: template,
        schema: mailTemplateTestResultSchema,
        admin: true,
      }),
  });
}
