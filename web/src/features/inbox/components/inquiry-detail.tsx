import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InquiryDetail as Detail, InquirySummary } from '@blitz/contract';
import { dangerButton, primaryButton, secondaryButton, smallButton } from '../../../components/admin/button-classes';
import { CommandError } from '../../../components/admin/command-error';
import { ModalDialog } from '../../../components/admin/modal-dialog';
import { useDeleteInquiry, useInquiry, useResendInquiry, useSetHandled } from '../api/inquiries';
import { useDownload } from '../../../lib/download-file';
import { useFormatters } from '../hooks/use-formatters';
import { DeliveryStatus, HandledState } from './delivery-status';
import { jobName } from './job-name';
import { ListStatus } from '../../../components/admin/list-status';

type InquiryDetailProps = {
  /** The list row that was opened; the dialog is open while there is one. */
  row: InquirySummary | undefined;
  onClose: () => void;
  /** After a delete: the row is gone, so the focus cannot go back to its Open button. */
  onDeleted: () => void;
};

/** One inquiry in a dialog: every field, regards, attachments (download), delivery history and the actions. */
export function InquiryDetailDialog({ row, onClose, onDeleted }: InquiryDetailProps) {
  const { t } = useTranslation('inbox');
  return (
    <ModalDialog
      open={row !== undefined}
      onClose={onClose}
      title={row ? t('detail.title', { reference: row.reference }) : ''}
      size="tall"
    >
      {row && <DetailBody id={row.id} onDeleted={onDeleted} />}
    </ModalDialog>
  );
}

function DetailBody({ id, onDeleted }: { id: number; onDeleted: () => void }) {
  const { t } = useTranslation('inbox');
  const inquiry = useInquiry(id);
  return (
    <div className="min-h-0 flex-1 overflow-y-auto px-5 py-5">
      {inquiry.data ? (
        <DetailContent inquiry={inquiry.data} onDeleted={onDeleted} />
      ) : (
        <div className="py-10 text-center">
          <ListStatus query={inquiry} loading={t('detail.loading')} failed={t('detail.loadFailed')} />
        </div>
      )}
    </div>
  );
}

/** "google.com → /Projects → /project/12": the visit's source (and campaign), its first page, the form's page. */
function cameFrom(origin: Detail['origin']): string | undefined {
  if (!origin) return undefined;
  const source = origin.campaign ? `${origin.source} (${origin.campaign})` : origin.source;
  const pages = [origin.landingPath, origin.formPath].filter((path, i, all) => path !== '' && path !== all[i - 1]);
  return [source, ...pages].join(' → ');
}

function DetailContent({ inquiry, onDeleted }: { inquiry: Detail; onDeleted: () => void }) {
  const { t } = useTranslation('inbox');
  const format = useFormatters();
  const setHandled = useSetHandled();
  const resend = useResendInquiry();
  const remove = useDeleteInquiry(onDeleted);
  const [notice, setNotice] = useState<string>();
  const handled = inquiry.status === 'handled';
  const busy = setHandled.isPending || resend.isPending || remove.isPending;
  const failure = setHandled.error ?? resend.error ?? remove.error;

  const reset = () => {
    setHandled.reset();
    resend.reset();
    remove.reset();
    setNotice(undefined);
  };
  const onResend = () => {
    reset();
    const [question, done] = inquiry.spam
      ? (['detail.confirmNotSpam', 'detail.notSpamDone'] as const)
      : (['detail.confirmResend', 'detail.resent'] as const);
    if (window.confirm(t(question))) resend.mutate(inquiry.id, { onSuccess: () => setNotice(t(done)) });
  };
  const onDelete = () => {
    reset();
    if (window.confirm(t('detail.confirmDelete'))) remove.mutate(inquiry.id);
  };

  const none = t('detail.none');
  const price = inquiry.subject === 'priceInquiry';
  const priceFields: [string, boolean, ReactNode][] = [
    [t('detail.companyName'), Boolean(inquiry.companyName), inquiry.companyName || none],
    [
      t('detail.companyAddress'),
      Boolean(inquiry.companyAddress),
      <span key="address" className="whitespace-pre-line">
        {inquiry.companyAddress || none}
      </span>,
    ],
    [t('detail.buildingSize'), Boolean(inquiry.buildingSize), inquiry.buildingSize || none],
    [
      t('detail.regards'),
      inquiry.regards.length > 0,
      inquiry.regards.length > 0 ? (
        <ul key="regards" className="flex flex-wrap gap-1.5">
          {inquiry.regards.map((r) => (
            <li key={r} className="rounded bg-brand-50 px-2 py-0.5 text-brand-900 ring-1 ring-brand-200">
              {t(`detail.regardsOptions.${r}`)}
            </li>
          ))}
        </ul>
      ) : (
        none
      ),
    ],
  ];
  const fields: [string, ReactNode][] = [
    ...(inquiry.job ? [[t('detail.job'), jobName(t, inquiry.job)] as [string, ReactNode]] : []),
    [t('detail.firstName'), inquiry.firstName],
    [t('detail.lastName'), inquiry.lastName],
    [
      t('detail.email'),
      <a key="email" className="break-all text-brand-700 underline hover:text-brand-900" href={`mailto:${inquiry.email}`}>
        {inquiry.email}
      </a>,
    ],
    [
      t('detail.phone'),
      <a
        key="phone"
        className="text-brand-700 underline hover:text-brand-900"
        href={`tel:${inquiry.phone.replace(/[^\d+]/g, '')}`}
      >
        {inquiry.phone}
      </a>,
    ],
    // The price inquiry's fields belong to a price inquiry: another type shows only those it was sent with.
    ...priceFields.filter(([, filled]) => price || filled).map(([label, , value]) => [label, value] as [string, ReactNode]),
    [t('detail.language'), t(`detail.languages.${inquiry.language}`)],
    [t('detail.cameFrom'), cameFrom(inquiry.origin) ?? t('detail.cameFromUnknown')],
  ];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-700">
        <span>
          {t('detail.received')}: <time dateTime={inquiry.createdAt}>{format.dateTime(inquiry.createdAt)}</time>
        </span>
        <span className="font-semibold text-slate-900">{t(`subjects.${inquiry.subject}`)}</span>
        <DeliveryStatus status={inquiry.deliveryStatus} />
        <HandledState handled={handled} />
        {inquiry.handledAt && <span>{t('detail.handledAt', { time: format.dateTime(inquiry.handledAt) })}</span>}
      </div>

      <div role="group" aria-label={t('detail.actions')} className="flex flex-wrap gap-2">
        <button
          type="button"
          className={handled ? secondaryButton : primaryButton}
          disabled={busy}
          onClick={() => {
            reset();
            setHandled.mutate({ id: inquiry.id, handled: !handled });
          }}
        >
          {t(handled ? 'detail.markNotHandled' : 'detail.markHandled')}
        </button>
        <button type="button" className={secondaryButton} disabled={busy} onClick={onResend}>
          {t(resend.isPending ? 'detail.resending' : inquiry.spam ? 'detail.notSpam' : 'detail.resend')}
        </button>
        <button type="button" className={dangerButton} disabled={busy} onClick={onDelete}>
          {t('detail.delete')}
        </button>
      </div>
      {failure ? <CommandError error={failure} /> : null}
      <p role="status" className="text-sm text-green-800 empty:hidden">
        {notice}
      </p>

      <section aria-labelledby={`fields-${inquiry.id}`}>
        <h3 id={`fields-${inquiry.id}`} className="mb-2 text-lg font-bold text-brand-900">
          {t('detail.fields')}
        </h3>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          {fields.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-semibold text-slate-600">{label}</dt>
              <dd className="mb-1 text-slate-900 sm:mb-0">{value}</dd>
            </div>
          ))}
        </dl>
        <h4 className="mt-4 mb-1 text-sm font-semibold text-slate-600">{t('detail.message')}</h4>
        <p className="rounded-md border border-slate-200 bg-slate-50 px-4 py-3 text-sm whitespace-pre-wrap text-slate-900">
          {inquiry.message}
        </p>
      </section>

      <Attachments inquiry={inquiry} />
      <History inquiry={inquiry} />
    </div>
  );
}

function Attachments({ inquiry }: { inquiry: Detail }) {
  const { t } = useTranslation('inbox');
  const format = useFormatters();
  const download = useDownload();
  return (
    <section aria-labelledby={`attachments-${inquiry.id}`}>
      <h3 id={`attachments-${inquiry.id}`} className="mb-2 text-lg font-bold text-brand-900">
        {t('detail.attachments')}
      </h3>
      {download.error ? (
        <p role="alert" className="mb-2 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
          {t('detail.downloadFailed')}
        </p>
      ) : null}
      {inquiry.attachments.length === 0 ? (
        <p className="text-sm text-slate-700">{t('detail.noAttachments')}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
          {inquiry.attachments.map((a) => {
            const pending = download.isPending && download.variables?.path === a.url;
            return (
              <li key={a.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-2.5 text-sm">
                <span className="min-w-0">
                  <span className="block font-medium break-all text-slate-900">{a.fileName}</span>
                  <span className="text-slate-600">
                    {a.contentType} · {format.fileSize(a.size)}
                  </span>
                </span>
                <button
                  type="button"
                  className={`${secondaryButton} ${smallButton}`}
                  disabled={pending}
                  onClick={() => download.mutate({ path: a.url, name: a.fileName })}
                >
                  <svg
                    aria-hidden="true"
                    width="14"
                    height="14"
                    viewBox="0 0 16 16"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                  >
                    <path d="M8 2v8M4.5 6.5L8 10l3.5-3.5M3 13.5h10" />
                  </svg>
                  {t(pending ? 'detail.downloading' : 'detail.download')}
                  <span className="sr-only"> {a.fileName}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function History({ inquiry }: { inquiry: Detail }) {
  const { t } = useTranslation('inbox');
  const format = useFormatters();
  return (
    <section aria-labelledby={`history-${inquiry.id}`}>
      <h3 id={`history-${inquiry.id}`} className="mb-2 text-lg font-bold text-brand-900">
        {t('detail.history')}
      </h3>
      {inquiry.mails.length === 0 ? (
        <p className="text-sm text-slate-700">{t('detail.noMails')}</p>
      ) : (
        <ul className="space-y-3">
          {inquiry.mails.map((mail) => (
            <li key={mail.kind} className="rounded-md border border-slate-200 px-4 py-3 text-sm">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="font-semibold text-slate-900">{t(`detail.mailKind.${mail.kind}`)}</span>
                <DeliveryStatus status={mail.status} />
                <span className="text-slate-700">{t('detail.attempts', { count: mail.attempts })}</span>
              </div>
              {mail.sentAt && (
                <p className="mt-1 text-slate-700">
                  {t(mail.status === 'logged' ? 'detail.loggedAt' : 'detail.sentAt', { time: format.dateTime(mail.sentAt) })}
                </p>
              )}
              {mail.nextAttemptAt && (
                <p className="mt-1 text-slate-700">{t('detail.nextAttemptAt', { time: format.dateTime(mail.nextAttemptAt) })}</p>
              )}
              {mail.lastError && (
                <p className="mt-1 break-words text-red-900">{t('detail.lastError', { error: mail.lastError })}</p>
              )}
              {mail.history.length > 0 && (
                <ol className="mt-2 list-inside list-decimal space-y-0.5 text-slate-700">
                  {mail.history.map((attempt) => (
                    <li key={attempt.attemptedAt} className="break-words">
                      {attempt.error
                        ? t('detail.attemptFailed', { time: format.dateTime(attempt.attemptedAt), error: attempt.error })
                        : t(mail.status === 'logged' ? 'detail.attemptLogged' : 'detail.attemptOk', {
                            time: format.dateTime(attempt.attemptedAt),
                          })}
                    </li>
                  ))}
                </ol>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
