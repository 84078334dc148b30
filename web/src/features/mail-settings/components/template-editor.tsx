import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MailPreview, MailTemplate, MailTemplateTestResult } from '@blitz/contract';
import { primaryButton, secondaryButton, smallButton } from '../../../components/admin/button-classes';
import { CommandError } from '../../../components/admin/command-error';
import { EditConflict, TypedValues } from '../../../components/admin/edit-conflict';
import { TextAreaField, TextField } from '../../../components/admin/form-field';
import { useStaleSave } from '../../../components/admin/use-stale-save';
import { isApiError } from '../../../lib/api-client';
import { usePreviewMailTemplate, useReloadMailTemplates, useSaveMailTemplate, useSendTemplateTest } from '../api/mail-templates';
import { type TemplateWords, checkTemplateWords } from './template-form';

/**
 * One template in one language: subject and text, checked as typed with the contract's
 * placeholder check; save, preview with a sample inquiry, a test mail to oneself, and the shipped
 * words back. `edit`: what is typed and not saved (kept by the panel while another template is shown).
 */
export function TemplateEditor({
  template,
  edit,
  onEdit,
}: {
  template: MailTemplate;
  edit: TemplateWords | undefined;
  onEdit: (words: TemplateWords | undefined) => void;
}) {
  const { t } = useTranslation(['mailSettings', 'admin']);
  const headingId = useId();
  const language = t(`languageNames.${template.language}`);
  const words = edit ?? { subject: template.subject, body: template.body };
  const dirty = words.subject !== template.subject || words.body !== template.body;
  const isShipped = words.subject === template.defaultSubject && words.body === template.defaultBody;
  const problems = checkTemplateWords(template.kind, words);
  const [shownProblems, setShownProblems] = useState(false);
  const [saved, setSaved] = useState(false);
  const save = useSaveMailTemplate();
  const preview = usePreviewMailTemplate();
  const test = useSendTemplateTest();
  const reload = useReloadMailTemplates();
  const key = { type: template.type, kind: template.kind, language: template.language };
  // Shown as typed: an unknown placeholder is flagged at once, a missing text once saving was tried.
  const problemOf = (field: keyof TemplateWords) => {
    const problem = problems[field];
    if (!problem || (problem.key === 'templates.problems.required' && !shownProblems)) return undefined;
    return t(problem.key, problem.values);
  };

  const change = (next: TemplateWords) => {
    setSaved(false);
    onEdit(next.subject === template.subject && next.body === template.body ? undefined : next);
  };
  // `checkVersion` false: "Save mine anyway", the same save without a version (it overwrites).
  const send = (checkVersion = true) => {
    setSaved(false);
    save.mutate(checkVersion ? { ...key, ...words, updatedAt: template.updatedAt } : { ...key, ...words }, {
      onSuccess: () => {
        onEdit(undefined);
        setSaved(true);
        setShownProblems(false);
      },
    });
  };
  const stale = useStaleSave<TemplateWords | null>({
    save,
    none: null,
    overwrite: () => send(false),
    // Their words into the fields; what was typed stays beside them to copy.
    loadTheirs: async () => {
      const typed = words;
      await reload();
      onEdit(undefined);
      return typed;
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShownProblems(true);
    if (Object.keys(problems).length > 0) return;
    send();
  };
  const hasProblems = Object.keys(problems).length > 0;

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby={headingId}
      className="grid content-start gap-3 rounded-md border border-slate-200 p-3 sm:p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={headingId} className="font-bold text-brand-900">
          {language}
        </h4>
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
          {dirty ? t('templates.unsaved') : template.isDefault ? t('templates.isDefault') : t('templates.isSaved')}
        </span>
      </div>
      <TextField
        label={t('templates.subject', { language })}
        required
        lang={template.language}
        value={words.subject}
        error={problemOf('subject')}
        onChange={(e) => change({ ...words, subject: e.target.value })}
      />
      <TextAreaField
        label={t('templates.body', { language })}
        required
        rows={16}
        lang={template.language}
        value={words.body}
        error={problemOf('body')}
        onChange={(e) => change({ ...words, body: e.target.value })}
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={`${primaryButton} ${smallButton}`} disabled={save.isPending || !dirty}>
          {save.isPending ? t('admin:actions.saving') : t('templates.save')}
        </button>
        <button
          type="button"
          className={`${secondaryButton} ${smallButton}`}
          disabled={preview.isPending || hasProblems}
          onClick={() => preview.mutate({ ...key, ...words })}
        >
          {t('templates.preview')}
        </button>
        <button
          type="button"
          className={`${secondaryButton} ${smallButton}`}
          disabled={test.isPending || hasProblems}
          onClick={() => test.mutate({ ...key, ...words })}
        >
          {test.isPending ? t('templates.testSending') : t('templates.test')}
        </button>
        <button
          type="button"
          className={`${secondaryButton} ${smallButton}`}
          disabled={isShipped}
          onClick={() => change({ subject: template.defaultSubject, body: template.defaultBody })}
        >
          {t('templates.reset')}
        </button>
      </div>
      <p role="status" className="text-sm font-semibold text-green-800 empty:hidden">
        {saved && !dirty ? t('templates.saved') : ''}
      </p>
      {stale.conflict ? <EditConflict {...stale.conflictProps} /> : save.error ? <CommandError error={save.error} /> : null}
      {stale.typed && (stale.typed.subject !== words.subject || stale.typed.body !== words.body) && (
        <TypedValues
          changes={{
            mine: [
              { label: t('templates.subject', { language }), value: stale.typed.subject },
              { label: t('templates.body', { language }), value: stale.typed.body },
            ],
            theirs: [],
            by: undefined,
          }}
        />
      )}
      <p className="text-xs text-slate-600">{t('templates.testExplained')}</p>
      <div aria-live="polite" className="grid gap-3">
        {test.data && <TestResult result={test.data} />}
        {test.error &&
          (isApiError(test.error) && test.error.code === 'no_mail_address' ? (
            <p className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">{t('templates.testNoAddress')}</p>
          ) : (
            <CommandError error={test.error} />
          ))}
        {preview.error && <CommandError error={preview.error} />}
        {preview.data && <Preview preview={preview.data} language={language} />}
      </div>
    </form>
  );
}

function TestResult({ result }: { result: MailTemplateTestResult }) {
  const { t } = useTranslation('mailSettings');
  const text = result.accepted
    ? t('templates.testSent', { address: result.address })
    : result.reason === 'noMailServer'
      ? t('templates.testNoMailServer')
      : t('templates.testRefused', { address: result.address, error: result.error ?? '' });
  return (
    <p
      data-accepted={result.accepted}
      className={`rounded-md px-3 py-2 text-sm ${result.accepted ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900'}`}
    >
      {text}
    </p>
  );
}

function Preview({ preview, language }: { preview: MailPreview; language: string }) {
  const { t } = useTranslation('mailSettings');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-md border border-slate-300 bg-slate-50 p-3">
      <h5 id={headingId} className="text-sm font-bold text-brand-900">
        {t('templates.previewHeading', { language })}
      </h5>
      <p className="mt-2 text-sm">
        <span className="font-semibold">{t('templates.previewSubject')}</span> {preview.subject}
      </p>
      <pre className="mt-2 overflow-x-auto font-sans text-sm break-words whitespace-pre-wrap text-slate-900">{preview.text}</pre>
    </section>
  );
}
