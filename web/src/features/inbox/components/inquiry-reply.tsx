import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type InquiryDetail,
  type ReplyTemplate,
  attachmentAccept,
  attachmentLimits,
  fillReplyTemplate,
  formatFileSize,
  replyLimits,
} from '@blitz/contract';
import { primaryButton, secondaryButton, smallButton } from '../../../components/admin/button-classes';
import { CommandError } from '../../../components/admin/command-error';
import { isApiError } from '../../../lib/api-client';
import { useReplyCompany, useReplyTemplates, useSendReply } from '../api/replies';

const field = 'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900';

/** A new key per reply: the same one goes with a second click or a retry, and the server sends once. */
const newKey = () =>
  // getRandomValues, not randomUUID: the dashboard may be opened over plain HTTP on an intranet.
  [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');

/** The templates of the inquiry's language first, then the others, each group in the saved order. */
export function templatesFor(templates: readonly ReplyTemplate[], language: 'de' | 'en'): ReplyTemplate[] {
  return [...templates.filter((t) => t.language === language), ...templates.filter((t) => t.language !== language)];
}

/**
 * The answer to the sender (issue 42): a template in the inquiry's language fills subject and
 * text, staff edit them, add files and send. It goes out from the company's address; the sender's
 * answer arrives in the company's mailbox, not here.
 */
export function ReplySection({ inquiry }: { inquiry: InquiryDetail }) {
  const { t } = useTranslation('inbox');
  const id = useId();
  const templates = useReplyTemplates();
  const company = useReplyCompany();
  const send = useSendReply();
  const [templateId, setTemplateId] = useState('');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [key, setKey] = useState(newKey);
  const [sent, setSent] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const ordered = templatesFor(templates.data ?? [], inquiry.language);

  if (inquiry.spam) {
    return (
      <section aria-labelledby={`${id}-reply`}>
        <h3 id={`${id}-reply`} className="mb-1 text-lg font-bold text-brand-900">
          {t('reply.heading')}
        </h3>
        <p className="text-sm text-slate-700">{t('reply.spam')}</p>
      </section>
    );
  }

  const edited = () => {
    // What is sent changed: a new reply, with a key of its own.
    setSent(false);
    send.reset();
    setKey(newKey());
  };
  const choose = (chosen: string) => {
    const template = ordered.find((tpl) => tpl.id === chosen);
    if (template && (subject.trim() || body.trim()) && !window.confirm(t('reply.replaceText'))) return;
    setTemplateId(chosen);
    if (!template) return;
    const filled = fillReplyTemplate(template, {
      firstName: inquiry.firstName,
      lastName: inquiry.lastName,
      reference: inquiry.reference,
      companyName: company.data?.companyName ?? '',
      companyPhone: company.data?.companyPhone ?? '',
      companyEmail: company.data?.companyEmail ?? '',
    });
    setSubject(filled.subject);
    setBody(filled.body);
    edited();
  };
  const error = send.error;
  const refusal = isApiError(error)
    ? error.status === 409
      ? t('reply.noMailServer')
      : error.status === 413
        ? t('reply.tooLarge', { size: formatFileSize(attachmentLimits.maxFileBytes, inquiry.language) })
        : error.status === 415
          ? t('reply.badFile')
          : error.status === 422
            ? t('reply.malware')
            : undefined
    : undefined;

  return (
    <section aria-labelledby={`${id}-reply`} className="rounded-md border border-slate-200 px-4 py-3">
      <h3 id={`${id}-reply`} className="mb-1 text-lg font-bold text-brand-900">
        {t('reply.heading')}
      </h3>
      <p id={`${id}-hint`} className="mb-3 text-sm text-slate-700">
        {t('reply.hint', { recipient: inquiry.email })}
      </p>
      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (send.isPending || !subject.trim() || !body.trim()) return;
          send.mutate(
            { id: inquiry.id, draft: { subject, body, files, key } },
            {
              onSuccess: () => {
                setSent(true);
                setTemplateId('');
                setSubject('');
                setBody('');
                setFiles([]);
                setKey(newKey());
                if (fileInput.current) fileInput.current.value = '';
              },
            },
          );
        }}
      >
        <div>
          <label htmlFor={`${id}-template`} className="text-sm font-semibold text-slate-800">
            {t('reply.template')}
          </label>
          <select
            id={`${id}-template`}
            className={field}
            value={templateId}
            // Chosen once the company's details are there: its placeholders need them.
            disabled={!templates.data || !company.data}
            onChange={(event) => choose(event.target.value)}
          >
            <option value="">{t('reply.noTemplate')}</option>
            {ordered.map((template) => (
              <option key={template.id} value={template.id}>
                {template.name} ({t(`detail.languages.${template.language}`)})
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-subject`} className="text-sm font-semibold text-slate-800">
            {t('reply.subject')}
          </label>
          <input
            id={`${id}-subject`}
            className={field}
            required
            maxLength={replyLimits.subject}
            value={subject}
            onChange={(event) => {
              setSubject(event.target.value);
              edited();
            }}
          />
        </div>
        <div>
          <label htmlFor={`${id}-body`} className="text-sm font-semibold text-slate-800">
            {t('reply.body')}
          </label>
          <textarea
            id={`${id}-body`}
            aria-describedby={`${id}-hint`}
            className={field}
            required
            rows={10}
            maxLength={replyLimits.body}
            value={body}
            onChange={(event) => {
              setBody(event.target.value);
              edited();
            }}
          />
        </div>
        <div>
          <label htmlFor={`${id}-files`} className="text-sm font-semibold text-slate-800">
            {t('reply.files')}
          </label>
          <input
            id={`${id}-files`}
            ref={fileInput}
            type="file"
            multiple
            accept={attachmentAccept}
            className="mt-1 block text-sm text-slate-900"
            onChange={(event) => {
              setFiles([...(event.target.files ?? [])]);
              edited();
            }}
          />
          {files.length > 0 && (
            <ul className="mt-1 text-sm text-slate-700">
              {files.map((file) => (
                <li key={`${file.name}-${file.size}`}>
                  {file.name} ({formatFileSize(file.size, inquiry.language)})
                </li>
              ))}
            </ul>
          )}
        </div>
        {error ? (
          refusal ? (
            <p role="alert" className="text-sm font-semibold text-red-800">
              {refusal}
            </p>
          ) : (
            <CommandError error={error} />
          )
        ) : null}
        <p role="status" className="text-sm text-green-800 empty:hidden">
          {sent ? t('reply.sent') : ''}
        </p>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={primaryButton} disabled={send.isPending || !subject.trim() || !body.trim()}>
            {t(send.isPending ? 'reply.sending' : 'reply.send')}
          </button>
          {(subject || body || files.length > 0) && !send.isPending && (
            <button
              type="button"
              className={`${secondaryButton} ${smallButton}`}
              onClick={() => {
                setTemplateId('');
                setSubject('');
                setBody('');
                setFiles([]);
                if (fileInput.current) fileInput.current.value = '';
                edited();
              }}
            >
              {t('reply.discard')}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
