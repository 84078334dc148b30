import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type MailSettings, type MailTestResult, inquirySubjects } from '@blitz/contract';
import { primaryButton, secondaryButton } from '../../../components/admin/button-classes';
import { CommandError } from '../../../components/admin/command-error';
import { SelectField, TextAreaField, TextField } from '../../../components/admin/form-field';
import { ListStatus } from '../../../components/admin/list-status';
import { useMailSettings, useSaveMailSettings, useSendTestMail } from '../api/mail-settings';
import { useUnsavedChanges } from '../../../components/admin/unsaved-changes';
import { type MailFormField, type MailFormValues, checkMailForm, mailFormValues } from './mail-form';
import { MailTemplatesPanel } from './mail-templates-panel';

/** Where inquiries go and who sends them (admin only), a test mail to every recipient, and the automatic mails' words. */
export function MailSettingsPanel() {
  const { t } = useTranslation(['mailSettings', 'admin']);
  const headingId = useId();
  const settings = useMailSettings();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-2 text-2xl font-bold text-brand-900">
        {t('heading')}
      </h2>
      <p className="mb-6 max-w-3xl text-slate-700">{t('intro')}</p>
      {settings.data ? <MailForm settings={settings.data} /> : <ListStatus query={settings} />}
      <div className="mt-6">
        <MailTemplatesPanel />
      </div>
    </section>
  );
}

function MailForm({ settings }: { settings: MailSettings }) {
  const { t } = useTranslation(['mailSettings', 'admin']);
  const save = useSaveMailSettings();
  const test = useSendTestMail();
  const [values, setValues] = useState<MailFormValues>(() => mailFormValues(settings));
  // What was last loaded or saved: leaving with anything else asks first.
  const [kept, setKept] = useState<MailFormValues>(() => mailFormValues(settings));
  useUnsavedChanges(JSON.stringify(values) !== JSON.stringify(kept));
  const [errors, setErrors] = useState<Partial<Record<MailFormField, string>>>({});
  const [saved, setSaved] = useState(false);
  const error = (field: MailFormField) => (errors[field] ? t(errors[field] as 'mailSettings:errors.address') : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const checked = checkMailForm(values);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    save.mutate(checked.settings, {
      onSuccess: (answer) => {
        const keptValues = mailFormValues(answer);
        setValues(keptValues);
        setKept(keptValues);
        setSaved(true);
      },
    });
  };

  return (
    <div className="grid gap-6">
      <form noValidate onSubmit={submit} className="grid gap-6" aria-label={t('heading')}>
        <fieldset className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
          <legend className="px-1 text-lg font-bold text-brand-900">{t('recipientsHeading')}</legend>
          <div className="grid gap-4 sm:grid-cols-3">
            {inquirySubjects.map((subject) => (
              <TextAreaField
                key={subject}
                label={t(`recipients.${subject}`)}
                required
                rows={3}
                hint={t('recipientsHint')}
                error={error(`recipients.${subject}`)}
                value={values.recipients[subject]}
                onChange={(e) => setValues({ ...values, recipients: { ...values.recipients, [subject]: e.target.value } })}
              />
            ))}
          </div>
          <p className="mt-3 max-w-3xl text-sm text-slate-700">{t('recipientsOfAddedTypes')}</p>
        </fieldset>
        <fieldset className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
          <legend className="px-1 text-lg font-bold text-brand-900">{t('senderHeading')}</legend>
          <p className="mb-4 max-w-3xl text-sm text-slate-700">{t('senderExplained')}</p>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('sender')}
              type="email"
              required
              error={error('sender')}
              value={values.sender}
              onChange={(e) => setValues({ ...values, sender: e.target.value })}
            />
            <TextField
              label={t('replyTo')}
              type="email"
              required
              error={error('replyTo')}
              value={values.replyTo}
              onChange={(e) => setValues({ ...values, replyTo: e.target.value })}
            />
            <SelectField
              label={t('notificationLanguage')}
              hint={t('notificationLanguageHint')}
              value={values.notificationLanguage}
              onChange={(e) => setValues({ ...values, notificationLanguage: e.target.value === 'en' ? 'en' : 'de' })}
            >
              <option value="de">{t('languageNames.de')}</option>
              <option value="en">{t('languageNames.en')}</option>
            </SelectField>
          </div>
        </fieldset>
        {save.isError && <CommandError error={save.error} />}
        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" className={primaryButton} disabled={save.isPending}>
            {save.isPending ? t('admin:actions.saving') : t('admin:actions.save')}
          </button>
          {saved && (
            <p role="status" className="text-sm font-semibold text-green-800">
              {t('saved')}
            </p>
          )}
        </div>
      </form>

      <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5" aria-live="polite">
        <h3 className="text-lg font-bold text-brand-900">{t('testHeading')}</h3>
        <p className="mb-4 max-w-3xl text-sm text-slate-700">{t('testIntro')}</p>
        <button type="button" className={secondaryButton} disabled={test.isPending} onClick={() => test.mutate()}>
          {test.isPending ? t('testSending') : t('testSend')}
        </button>
        {test.isError && <CommandError error={test.error} />}
        {test.data && <TestResults results={test.data} />}
      </section>
    </div>
  );
}

function TestResults({ results }: { results: MailTestResult }) {
  const { t } = useTranslation(['mailSettings', 'admin']);
  return (
    <ul className="mt-4 grid gap-2" aria-label={t('testResults')}>
      {results.map((result) => (
        <li
          key={result.address}
          data-accepted={result.accepted}
          className={`rounded-md px-3 py-2 text-sm ${result.accepted ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900'}`}
        >
          <span className="font-semibold">{result.address}</span>
          {': '}
          {result.accepted
            ? t('accepted')
            : result.reason === 'noMailServer'
              ? t('noMailServer')
              : t('refused', { error: result.error ?? '' })}
        </li>
      ))}
    </ul>
  );
}
