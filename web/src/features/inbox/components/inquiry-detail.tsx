import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AdjustableField,
  type InquiryDetail as Detail,
  type InquiryAttachment,
  type InquiryEvent,
  type InquirySummary,
  type InquiryUpdate,
  inquiryStatuses,
} from '@blitz/contract';
import { dangerButton, primaryButton, secondaryButton, smallButton } from '../../../components/admin/button-classes';
import { CommandError } from '../../../components/admin/command-error';
import { ModalDialog } from '../../../components/admin/modal-dialog';
import { inboxQueryKeys } from '../api/inquiries';
import {
  useAddNote,
  useAssignees,
  useDeleteInquiry,
  useInquiry,
  useResendInquiry,
  useUpdateInquiry,
} from '../api/inquiry-actions';
import { useDownload } from '../../../lib/download-file';
import { useFormatters } from '../hooks/use-formatters';
import { useAttachmentPreview } from './attachment-preview';
import { DeliveryStatus, InquiryStatusBadge } from './delivery-status';
import { jobName } from './job-name';
import { staffFieldLabel } from './field-label';
import { ReplySection } from './inquiry-reply';
import { ListStatus } from '../../../components/admin/list-status';
import { inquiryTypeName } from '../../../lib/inquiry-type-name';

type InquiryDetailProps = {
  /** The list row that was opened; the dialog is open while there is one. */
  row: InquirySummary | undefined;
  onClose: () => void;
  /** After a delete: the row is gone, so the focus cannot go back to its Open button. */
  onDeleted: () => void;
  /** Opens another inquiry (a possible duplicate) in the dialog instead; resolves false if it could not be read. */
  onOpenOther: (id: number) => Promise<boolean>;
};

/** One inquiry in a dialog: every field, regards, attachments (download), delivery history and the actions. */
export function InquiryDetailDialog({ row, onClose, onDeleted, onOpenOther }: InquiryDetailProps) {
  const { t } = useTranslation('inbox');
  return (
    <ModalDialog
      open={row !== undefined}
      onClose={onClose}
      title={row ? t('detail.title', { reference: row.reference }) : ''}
      size="tall"
    >
      {row && <DetailBody key={row.id} id={row.id} wasUnread={row.unread} onDeleted={onDeleted} onOpenOther={onOpenOther} />}
    </ModalDialog>
  );
}

function DetailBody({
  id,
  wasUnread,
  onDeleted,
  onOpenOther,
}: { id: number; wasUnread: boolean } & Pick<InquiryDetailProps, 'onDeleted' | 'onOpenOther'>) {
  const { t } = useTranslation('inbox');
  const inquiry = useInquiry(id);
  const queryClient = useQueryClient();
  const loaded = inquiry.isSuccess;
  // Read now (the server marked it as it answered): the row and the tab's count say so.
  useEffect(() => {
    if (loaded && wasUnread) void queryClient.invalidateQueries({ queryKey: [...inboxQueryKeys.all, 'list'] });
    if (loaded && wasUnread) void queryClient.invalidateQueries({ queryKey: inboxQueryKeys.unread() });
  }, [loaded, wasUnread, queryClient]);
  return (
    <div className="min-h-0 flex-1 overflow-y-auto px-5 py-5">
      {inquiry.data ? (
        <DetailContent inquiry={inquiry.data} onDeleted={onDeleted} onOpenOther={onOpenOther} />
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

function DetailContent({
  inquiry,
  onDeleted,
  onOpenOther,
}: { inquiry: Detail } & Pick<InquiryDetailProps, 'onDeleted' | 'onOpenOther'>) {
  const { t, i18n } = useTranslation('inbox');
  const format = useFormatters();
  const update = useUpdateInquiry();
  const resend = useResendInquiry();
  const remove = useDeleteInquiry(onDeleted);
  const [notice, setNotice] = useState<string>();
  const closed = inquiry.status === 'closed';
  const busy = update.isPending || resend.isPending || remove.isPending;
  const failure = update.error ?? resend.error ?? remove.error;

  const reset = () => {
    update.reset();
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
  const lang = i18n.language === 'en' ? 'en' : 'de';
  const price = inquiry.subject === 'priceInquiry';
  // A field named as the form the inquiry was sent with named it, where staff gave it words.
  const labelOf = (field: AdjustableField, usual: string) =>
    staffFieldLabel(inquiry.fieldLabels, field, i18n.language === 'en' ? 'en' : 'de') ?? usual;
  const priceFields: [string, boolean, ReactNode][] = [
    [labelOf('CompanyName', t('detail.companyName')), Boolean(inquiry.companyName), inquiry.companyName || none],
    [
      labelOf('CompanyAddress', t('detail.companyAddress')),
      Boolean(inquiry.companyAddress),
      <span key="address" className="whitespace-pre-line">
        {inquiry.companyAddress || none}
      </span>,
    ],
    [labelOf('BuildingSize', t('detail.buildingSize')), Boolean(inquiry.buildingSize), inquiry.buildingSize || none],
    [
      labelOf('Regards', t('detail.regards')),
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
      labelOf('phone', t('detail.phone')),
      // Staff may make the phone optional or hide it (issue 44): none sent is said, not linked.
      inquiry.phone ? (
        <a
          key="phone"
          className="text-brand-700 underline hover:text-brand-900"
          href={`tel:${inquiry.phone.replace(/[^\d+]/g, '')}`}
        >
          {inquiry.phone}
        </a>
      ) : (
        none
      ),
    ],
    // The price inquiry's fields belong to a price inquiry: another type shows only those it was sent with.
    ...priceFields.filter(([, filled]) => price || filled).map(([label, , value]) => [label, value] as [string, ReactNode]),
    // The fields its type adds (issue 44), named and answered as in the form it was sent with.
    ...inquiry.answers.map(
      (a) =>
        [
          a.label[lang] || a.label[lang === 'de' ? 'en' : 'de'],
          <span key={a.key} className="whitespace-pre-line">
            {a.text[lang]}
          </span>,
        ] as [string, ReactNode],
    ),
    [t('detail.language'), t(`detail.languages.${inquiry.language}`)],
    [t('detail.cameFrom'), cameFrom(inquiry.origin) ?? t('detail.cameFromUnknown')],
    // An application says whether its applicant agreed to be kept for later openings (decision 050).
    ...(inquiry.subject === 'application'
      ? [[t('detail.consent.label'), <ApplicationConsent key="consent" inquiry={inquiry} />] as [string, ReactNode]]
      : []),
  ];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-700">
        <span>
          {t('detail.received')}: <time dateTime={inquiry.createdAt}>{format.dateTime(inquiry.createdAt)}</time>
        </span>
        <span className="font-semibold text-slate-900">
          {inquiryTypeName(inquiry.subject, inquiry.typeNames, lang, (s) => t(`subjects.${s}`))}
        </span>
        <DeliveryStatus status={inquiry.deliveryStatus} />
        <InquiryStatusBadge status={inquiry.status} />
        {inquiry.handledAt && <span>{t('detail.handledAt', { time: format.dateTime(inquiry.handledAt) })}</span>}
      </div>

      <div role="group" aria-label={t('detail.actions')} className="flex flex-wrap gap-2">
        <button
          type="button"
          className={closed ? secondaryButton : primaryButton}
          disabled={busy}
          onClick={() => {
            reset();
            update.mutate({ id: inquiry.id, update: { status: closed ? 'inProgress' : 'closed' } });
          }}
        >
          {t(closed ? 'work.reopen' : 'work.close')}
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

      <Duplicates inquiry={inquiry} onOpen={onOpenOther} />

      <Work
        inquiry={inquiry}
        onChange={(change) => {
          reset();
          update.mutate({ id: inquiry.id, update: change });
        }}
        busy={busy}
      />

      <section aria-labelledby={`fields-${inquiry.id}`}>
        <h3 id={`fields-${inquiry.id}`} className="mb-2 text-lg font-bold text-brand-900">
          {t('detail.fields')}
        </h3>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          {/* By place, not by label: staff may give two fields the same words. */}
          {fields.map(([label, value], index) => (
            <div key={index} className="contents">
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
      <ReplySection inquiry={inquiry} />
      <Notes inquiry={inquiry} />
      <TimeLine inquiry={inquiry} />
      <History inquiry={inquiry} />
    </div>
  );
}

/** The applicant's consent to be kept for later openings: when, which wording, and the words they saw. */
function ApplicationConsent({ inquiry }: { inquiry: Detail }) {
  const { t } = useTranslation('inbox');
  const format = useFormatters();
  const consent = inquiry.applicationConsent;
  if (!consent) return <span data-consent="none">{t('detail.consent.none')}</span>;
  return (
    <div data-consent="given">
      <p className="font-semibold text-green-800">
        {t('detail.consent.given', { time: format.dateTime(consent.givenAt), version: consent.version })}
      </p>
      <blockquote lang={consent.language} className="mt-1 border-l-4 border-brand-200 pl-3 text-slate-700">
        {consent.text}
      </blockquote>
    </div>
  );
}

/** Inquiries from the same address or number within 90 days: linked, each opened in this dialog. */
function Duplicates({ inquiry, onOpen }: { inquiry: Detail; onOpen: InquiryDetailProps['onOpenOther'] }) {
  const { t, i18n } = useTranslation('inbox');
  const lang = i18n.language === 'en' ? 'en' : 'de';
  const id = useId();
  const format = useFormatters();
  const [failed, setFailed] = useState(false);
  if (inquiry.duplicates.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-duplicates`} className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3">
      <h3 id={`${id}-duplicates`} className="text-lg font-bold text-amber-950">
        {t('duplicates.heading')} ({inquiry.duplicates.length})
      </h3>
      <p className="mb-2 text-sm text-amber-950">{t('duplicates.hint')}</p>
      {failed && (
        <p role="alert" className="mb-2 text-sm font-semibold text-red-800">
          {t('duplicates.openFailed')}
        </p>
      )}
      <ul className="divide-y divide-amber-200 text-sm">
        {inquiry.duplicates.map((other) => (
          <li key={other.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
            <span className="min-w-0">
              <span className="font-semibold text-slate-900">
                {other.firstName} {other.lastName}
              </span>{' '}
              · {inquiryTypeName(other.subject, other.typeNames, lang, (s) => t(`subjects.${s}`))} ·{' '}
              <time dateTime={other.createdAt}>{format.dateTime(other.createdAt)}</time> · {other.reference}
              <span className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-slate-700">
                <InquiryStatusBadge status={other.status} />
                {t(`duplicates.matchedBy.${other.matchedBy.length === 2 ? 'both' : other.matchedBy[0]!}`)}
              </span>
            </span>
            <button
              type="button"
              className={`${secondaryButton} ${smallButton}`}
              aria-label={t('duplicates.openLabel', { reference: other.reference })}
              onClick={() => {
                setFailed(false);
                void onOpen(other.id).then((opened) => setFailed(!opened));
              }}
            >
              {t('duplicates.open')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

const select = 'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900';

/** Status, assignee and follow-up day: each change is saved at once and shows in the time line. */
function Work({ inquiry, onChange, busy }: { inquiry: Detail; onChange: (change: InquiryUpdate) => void; busy: boolean }) {
  const { t } = useTranslation('inbox');
  const id = useId();
  const assignees = useAssignees(inquiry.id);
  // The current assignee stays a choice while the list loads (or if it no longer holds them).
  const choices = [...(assignees.data ?? [])];
  if (inquiry.assignee && !choices.some((c) => c.id === inquiry.assignee!.id)) choices.unshift(inquiry.assignee);
  return (
    <section aria-labelledby={`${id}-work`} className="rounded-md border border-slate-200 bg-slate-50 px-4 py-3">
      <h3 id={`${id}-work`} className="mb-2 text-lg font-bold text-brand-900">
        {t('work.heading')}
      </h3>
      <div className="grid gap-3 sm:grid-cols-3">
        <div>
          <label htmlFor={`${id}-status`} className="text-sm font-semibold text-slate-800">
            {t('work.status')}
          </label>
          <select
            id={`${id}-status`}
            className={select}
            value={inquiry.status}
            disabled={busy}
            onChange={(event) => onChange({ status: event.target.value as Detail['status'] })}
          >
            {inquiryStatuses.map((status) => (
              <option key={status} value={status}>
                {t(`status.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-assignee`} className="text-sm font-semibold text-slate-800">
            {t('work.assignee')}
          </label>
          <select
            id={`${id}-assignee`}
            aria-describedby={`${id}-assignee-hint`}
            className={select}
            value={inquiry.assignee?.id ?? ''}
            disabled={busy}
            onChange={(event) => onChange({ assigneeId: event.target.value === '' ? null : Number(event.target.value) })}
          >
            <option value="">{t('work.nobody')}</option>
            {choices.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          <p id={`${id}-assignee-hint`} className="mt-1 text-xs text-slate-700">
            {t('work.assigneeMailHint')}
          </p>
        </div>
        <div>
          <label htmlFor={`${id}-follow-up`} className="text-sm font-semibold text-slate-800">
            {t('work.followUpOn')}
          </label>
          <input
            id={`${id}-follow-up`}
            type="date"
            className={select}
            value={inquiry.followUpOn ?? ''}
            disabled={busy}
            // A day picked whole is saved; a half-typed one (empty value) only once it is cleared on purpose.
            onChange={(event) => event.target.value !== '' && onChange({ followUpOn: event.target.value })}
          />
          {inquiry.followUpOn && (
            <button
              type="button"
              className="mt-1 text-sm text-brand-800 underline"
              disabled={busy}
              onClick={() => onChange({ followUpOn: null })}
            >
              {t('work.clearFollowUp')}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}

/** Internal notes: written here, listed in the time line, never mailed. */
function Notes({ inquiry }: { inquiry: Detail }) {
  const { t } = useTranslation('inbox');
  const id = useId();
  const add = useAddNote();
  const [text, setText] = useState('');
  return (
    <section aria-labelledby={`${id}-notes`}>
      <h3 id={`${id}-notes`} className="mb-1 text-lg font-bold text-brand-900">
        {t('notes.heading')}
      </h3>
      <p id={`${id}-hint`} className="mb-2 text-sm text-slate-700">
        {t('notes.hint')}
      </p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim() === '') return;
          add.mutate({ id: inquiry.id, text }, { onSuccess: () => setText('') });
        }}
        className="space-y-2"
      >
        <label htmlFor={`${id}-text`} className="text-sm font-semibold text-slate-800">
          {t('notes.label')}
        </label>
        <textarea
          id={`${id}-text`}
          aria-describedby={`${id}-hint`}
          rows={3}
          maxLength={5000}
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-900"
        />
        {add.error ? <CommandError error={add.error} /> : null}
        <button type="submit" className={`${secondaryButton} ${smallButton}`} disabled={add.isPending || text.trim() === ''}>
          {t(add.isPending ? 'notes.adding' : 'notes.add')}
        </button>
      </form>
    </section>
  );
}

/** One line of the time line in words. */
function eventText(t: ReturnType<typeof useTranslation<'inbox'>>['t'], event: InquiryEvent, day: (d: string) => string): string {
  switch (event.kind) {
    case 'received':
      return t('timeline.received');
    case 'mail':
      if (event.mail === 'reply')
        return t('timeline.reply', { by: event.by ?? '?', subject: event.subject ?? '', status: t(`delivery.${event.status}`) });
      return t('timeline.mail', { mail: t(`detail.mailKind.${event.mail}`), status: t(`delivery.${event.status}`) });
    case 'status':
      return t('timeline.status', { by: event.by, status: t(`status.${event.status}`) });
    case 'assignee':
      return event.assignee === null
        ? t('timeline.unassigned', { by: event.by })
        : t('timeline.assigned', { by: event.by, assignee: event.assignee });
    case 'followUp':
      return event.followUpOn === null
        ? t('timeline.followUpCleared', { by: event.by })
        : t('timeline.followUp', { by: event.by, date: day(event.followUpOn) });
    case 'note':
      return t('timeline.note', { by: event.by });
  }
}

/** Everything that happened to the inquiry, oldest first, each with when (and who). */
function TimeLine({ inquiry }: { inquiry: Detail }) {
  const { t } = useTranslation('inbox');
  const format = useFormatters();
  const id = useId();
  return (
    <section aria-labelledby={`${id}-timeline`}>
      <h3 id={`${id}-timeline`} className="mb-2 text-lg font-bold text-brand-900">
        {t('timeline.heading')}
      </h3>
      <ol className="space-y-2 border-l-2 border-slate-200 pl-4 text-sm">
        {inquiry.history.map((event, index) => (
          <li key={`${event.kind}-${event.at}-${index}`}>
            <time dateTime={event.at} className="mr-2 text-slate-600 tabular-nums">
              {format.dateTime(event.at)}
            </time>
            <span className="text-slate-900">{eventText(t, event, format.day)}</span>
            {event.kind === 'note' && (
              <p className="mt-1 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 whitespace-pre-wrap text-slate-900">
                {event.text}
              </p>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

function Attachments({ inquiry }: { inquiry: Detail }) {
  const { t } = useTranslation('inbox');
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
          {inquiry.attachments.map((a) => (
            <AttachmentItem key={a.id} attachment={a} download={download} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** One attachment: its name, type and size; download, and a preview where the browser can show it. */
function AttachmentItem({
  attachment: a,
  download,
}: {
  attachment: InquiryAttachment;
  download: ReturnType<typeof useDownload>;
}) {
  const { t } = useTranslation('inbox');
  const format = useFormatters();
  const preview = useAttachmentPreview(a);
  const pending = download.isPending && download.variables?.path === a.url;
  return (
    <li className="px-4 py-2.5 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span className="min-w-0">
          <span className="block font-medium break-all text-slate-900">{a.fileName}</span>
          <span className="text-slate-600">
            {a.contentType} · {format.fileSize(a.size)}
          </span>
        </span>
        <span className="flex flex-wrap gap-2">
          {preview.control}
          <button
            type="button"
            className={`${secondaryButton} ${smallButton}`}
            disabled={pending}
            onClick={() => download.mutate({ path: a.url, name: a.fileName })}
          >
            <svg aria-hidden="true" width="14" height="14" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M8 2v8M4.5 6.5L8 10l3.5-3.5M3 13.5h10" />
            </svg>
            {t(pending ? 'detail.downloading' : 'detail.download')}
            <span className="sr-only"> {a.fileName}</span>
          </button>
        </span>
      </div>
      {preview.view}
    </li>
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
