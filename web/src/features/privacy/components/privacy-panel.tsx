import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PersonErasure, type PersonInquiry, personExportSchema } from '@blitz/contract';
import { dangerButton, primaryButton, secondaryButton } from '../../../components/admin/button-classes';
import { CommandError } from '../../../components/admin/command-error';
import { TextAreaField, TextField } from '../../../components/admin/form-field';
import { ListStatus } from '../../../components/admin/list-status';
import { ModalDialog } from '../../../components/admin/modal-dialog';
import { fileSize } from '../../../lib/file-size';
import { useDateTime, useInterfaceLocale } from '../../../lib/use-date-time';
import { useErasePerson, usePerson, usePersonExport } from '../api/person';
import { inquiryTypeName } from '../../../lib/inquiry-type-name';

/**
 * Data-subject requests (admin, decision 049): what is stored about one e-mail address, exported
 * as one archive (Art. 15) or erased (Art. 17) with a reason that stays in the audit trail.
 */
export function PrivacyPanel() {
  const { t } = useTranslation(['privacy', 'admin']);
  const headingId = useId();
  const [typed, setTyped] = useState('');
  const [email, setEmail] = useState<string>();
  const [invalid, setInvalid] = useState<string>();
  const [erasing, setErasing] = useState(false);
  const [erased, setErased] = useState<PersonErasure>();
  const person = usePerson(email);
  const exporting = usePersonExport();
  const locale = useInterfaceLocale();

  const search = (event: FormEvent) => {
    event.preventDefault();
    const checked = personExportSchema.shape.email.safeParse(typed);
    if (!checked.success) return setInvalid(t(typed.trim() ? 'privacy:invalidEmail' : 'admin:validation.required'));
    setInvalid(undefined);
    setErased(undefined);
    exporting.reset();
    setEmail(checked.data);
    if (checked.data === email) void person.refetch();
  };

  const found = person.data;
  return (
    <section aria-labelledby={headingId} className="max-w-4xl">
      <h2 id={headingId} className="text-2xl font-bold text-brand-900">
        {t('privacy:heading')}
      </h2>
      <p className="mt-2 text-slate-700">{t('privacy:intro')}</p>
      <form noValidate onSubmit={search} className="mt-4 flex flex-wrap items-end gap-3" role="search">
        <div className="min-w-64 flex-1">
          <TextField
            label={t('privacy:email')}
            type="email"
            autoComplete="off"
            spellCheck={false}
            maxLength={320}
            value={typed}
            error={invalid}
            onChange={(e) => setTyped(e.target.value)}
          />
        </div>
        <button type="submit" className={primaryButton} disabled={person.isFetching}>
          {t('privacy:search')}
        </button>
      </form>

      <div role="status" className="mt-4 empty:hidden">
        {erased ? (
          <p className="rounded-md bg-green-50 px-4 py-3 text-green-900">
            {t('privacy:erased', { ...erased, address: email ?? '' })}
          </p>
        ) : null}
      </div>

      {email && !found ? <ListStatus query={person} /> : null}
      {found ? (
        <div className="mt-4 space-y-4">
          <h3 className="text-lg font-semibold [overflow-wrap:anywhere] text-brand-900">
            {found.totals.inquiries === 0
              ? t('privacy:nothing', { address: found.email })
              : t('privacy:found', { count: found.totals.inquiries, address: found.email })}
          </h3>
          {found.totals.inquiries > 0 ? (
            <>
              <p className="text-slate-700">
                {t('privacy:totals', {
                  attachments: found.totals.attachments,
                  size: fileSize(found.totals.attachmentBytes, locale),
                  mails: found.totals.mails,
                  notes: found.totals.notes,
                })}
              </p>
              <ul className="space-y-3">
                {found.inquiries.map((inquiry) => (
                  <InquiryItem key={inquiry.id} inquiry={inquiry} />
                ))}
              </ul>
              <div className="flex flex-wrap gap-3">
                <button
                  type="button"
                  className={secondaryButton}
                  disabled={exporting.isPending}
                  onClick={() => exporting.start(found.email, t('privacy:archiveName'))}
                >
                  {exporting.isPending ? t('privacy:exporting') : t('privacy:export')}
                </button>
                <button type="button" className={dangerButton} onClick={() => setErasing(true)}>
                  {t('privacy:erase')}
                </button>
              </div>
              {exporting.isSuccess ? <p className="text-sm text-slate-700">{t('privacy:exported')}</p> : null}
              {exporting.error ? <CommandError error={exporting.error} /> : null}
            </>
          ) : null}
        </div>
      ) : null}
      {found ? (
        <EraseDialog
          open={erasing}
          email={found.email}
          count={found.totals.inquiries}
          onClose={() => setErasing(false)}
          onErased={(result) => {
            setErasing(false);
            setErased(result);
          }}
        />
      ) : null}
    </section>
  );
}

function InquiryItem({ inquiry }: { inquiry: PersonInquiry }) {
  const { t } = useTranslation(['privacy', 'inbox']);
  const dateTime = useDateTime();
  const locale = useInterfaceLocale();
  return (
    <li className="rounded-md border border-slate-300 bg-white px-4 py-3 text-slate-800">
      <p className="font-semibold text-slate-900">
        {inquiry.reference} ·{' '}
        {inquiryTypeName(inquiry.subject, inquiry.typeNames, locale === 'en-GB' ? 'en' : 'de', (s) => t(`inbox:subjects.${s}`))} ·{' '}
        {dateTime(inquiry.createdAt)}
      </p>
      <dl className="mt-1 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-slate-700">{t('privacy:status')}</dt>
        <dd>
          {t(`inbox:status.${inquiry.status}`)}
          {inquiry.spam ? ` · ${t('privacy:spam')}` : ''}
        </dd>
        <dt className="font-medium text-slate-700">{t('privacy:attachments')}</dt>
        <dd>
          {inquiry.attachments.length === 0
            ? t('privacy:none')
            : inquiry.attachments.map((a) => `${a.fileName} (${fileSize(a.size, locale)})`).join(', ')}
        </dd>
        <dt className="font-medium text-slate-700">{t('privacy:mails')}</dt>
        <dd>
          {inquiry.mails.length === 0
            ? t('privacy:none')
            : inquiry.mails
                .map(
                  (m) =>
                    `${t(`privacy:mailKinds.${m.kind}`, { defaultValue: m.kind })}: ${t(`privacy:mailStatuses.${m.status}`, { defaultValue: m.status })}`,
                )
                .join(', ')}
        </dd>
        <dt className="font-medium text-slate-700">{t('privacy:notes')}</dt>
        <dd>{inquiry.noteCount}</dd>
      </dl>
    </li>
  );
}

function EraseDialog(props: {
  open: boolean;
  email: string;
  count: number;
  onClose: () => void;
  onErased: (result: PersonErasure) => void;
}) {
  const { t } = useTranslation(['privacy', 'admin']);
  const erase = useErasePerson();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError(t('admin:validation.required'));
    setError(undefined);
    erase.mutate(
      { email: props.email, reason: reason.trim() },
      {
        onSuccess: (result) => {
          setReason('');
          props.onErased(result);
        },
      },
    );
  };
  return (
    <ModalDialog open={props.open} onClose={props.onClose} size="narrow" title={t('privacy:eraseTitle')}>
      <form noValidate onSubmit={submit} className="grid gap-4 px-5 py-4">
        <p className="text-slate-800 [overflow-wrap:anywhere]">
          {t('privacy:eraseQuestion', { count: props.count, address: props.email })}
        </p>
        <TextAreaField
          label={t('privacy:reason')}
          hint={t('privacy:reasonHint')}
          required
          rows={3}
          maxLength={500}
          error={error}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        {erase.isError ? <CommandError error={erase.error} /> : null}
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" data-autofocus className={secondaryButton} onClick={props.onClose}>
            {t('admin:actions.cancel')}
          </button>
          <button type="submit" className={dangerButton} disabled={erase.isPending}>
            {erase.isPending ? t('privacy:erasing') : t('privacy:eraseConfirm')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
