import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ReplyTemplate,
  type ReplyTemplatesInput,
  replyLimits,
  replyPlaceholders,
  replyTemplatesInputSchema,
} from '@blitz/contract';
import { dangerButton, primaryButton, secondaryButton, smallButton } from '../../../components/admin/button-classes';
import { CommandError } from '../../../components/admin/command-error';
import { ListStatus } from '../../../components/admin/list-status';
import { useUnsavedChanges } from '../../../components/admin/unsaved-changes';
import { useReplyTemplates, useSaveReplyTemplates } from '../api/replies';

type Draft = ReplyTemplatesInput[number] & { local: number };

const field = 'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900';

/** The reply templates (admins): the whole list edited here and saved at once. */
export function ReplyTemplatesEditor() {
  const { t } = useTranslation('inbox');
  const templates = useReplyTemplates();
  return templates.data ? (
    <ReplyTemplatesForm saved={templates.data} />
  ) : (
    <ListStatus query={templates} loading={t('templates.loading')} failed={t('templates.loadFailed')} />
  );
}

function ReplyTemplatesForm({ saved }: { saved: ReplyTemplate[] }) {
  const { t } = useTranslation('inbox');
  const baseId = useId();
  const save = useSaveReplyTemplates();
  const [drafts, setDrafts] = useState<Draft[]>(() => saved.map((template, local) => ({ ...template, local })));
  const [invalid, setInvalid] = useState<Set<string>>(new Set());
  const [done, setDone] = useState(false);
  const plain = (list: readonly (ReplyTemplatesInput[number] & { local?: number })[]) =>
    JSON.stringify(list.map(({ id, name, language, subject, body }) => ({ id, name, language, subject, body })));
  useUnsavedChanges(plain(drafts) !== plain(saved));

  const change = (local: number, values: Partial<Draft>) => {
    setDone(false);
    setDrafts((list) => list.map((d) => (d.local === local ? { ...d, ...values } : d)));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    const list = drafts.map(({ local: _local, ...template }) => template);
    const parsed = replyTemplatesInputSchema.safeParse(list);
    if (!parsed.success) {
      const wrong = new Set(
        parsed.error.issues.map((issue) => `${drafts[Number(issue.path[0])]?.local}-${String(issue.path[1])}`),
      );
      setInvalid(wrong);
      document.getElementById(`${baseId}-${[...wrong][0]}`)?.focus();
      return;
    }
    setInvalid(new Set());
    save.mutate(parsed.data, {
      onSuccess: (stored) => {
        setDrafts(stored.map((template, local) => ({ ...template, local })));
        setDone(true);
      },
    });
  };
  const marked = (local: number, name: string) => invalid.has(`${local}-${name}`);
  const input = (draft: Draft, name: 'name' | 'subject', maxLength: number) => {
    const id = `${baseId}-${draft.local}-${name}`;
    const wrong = marked(draft.local, name);
    return (
      <div>
        <label htmlFor={id} className="text-sm font-semibold text-slate-800">
          {t(`templates.${name}`)}
        </label>
        <input
          id={id}
          className={field}
          maxLength={maxLength}
          value={draft[name]}
          aria-invalid={wrong || undefined}
          onChange={(event) => change(draft.local, { [name]: event.target.value })}
        />
        {wrong && <p className="mt-1 text-sm text-red-800">{t('templates.invalid')}</p>}
      </div>
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <p className="max-w-prose text-sm text-slate-700">
        {t('templates.placeholders', { names: replyPlaceholders.map((p) => `{{${p}}}`).join(', ') })}
      </p>
      <ol className="space-y-4">
        {drafts.map((draft, index) => (
          <li key={draft.local} className="rounded-md border border-slate-200 p-4">
            <fieldset className="space-y-3">
              <legend className="font-semibold text-slate-900">{t('templates.number', { number: index + 1 })}</legend>
              <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
                {input(draft, 'name', replyLimits.name)}
                <div>
                  <label htmlFor={`${baseId}-${draft.local}-language`} className="text-sm font-semibold text-slate-800">
                    {t('templates.language')}
                  </label>
                  <select
                    id={`${baseId}-${draft.local}-language`}
                    className={field}
                    value={draft.language}
                    onChange={(event) => change(draft.local, { language: event.target.value as Draft['language'] })}
                  >
                    <option value="de">{t('detail.languages.de')}</option>
                    <option value="en">{t('detail.languages.en')}</option>
                  </select>
                </div>
              </div>
              {input(draft, 'subject', replyLimits.subject)}
              <div>
                <label htmlFor={`${baseId}-${draft.local}-body`} className="text-sm font-semibold text-slate-800">
                  {t('templates.body')}
                </label>
                <textarea
                  id={`${baseId}-${draft.local}-body`}
                  className={field}
                  rows={8}
                  maxLength={replyLimits.body}
                  value={draft.body}
                  aria-invalid={marked(draft.local, 'body') || undefined}
                  onChange={(event) => change(draft.local, { body: event.target.value })}
                />
                {marked(draft.local, 'body') && <p className="mt-1 text-sm text-red-800">{t('templates.invalid')}</p>}
              </div>
              <button
                type="button"
                className={`${dangerButton} ${smallButton}`}
                onClick={() => {
                  setDone(false);
                  setDrafts((list) => list.filter((d) => d.local !== draft.local));
                }}
              >
                {t('templates.remove', { name: draft.name || index + 1 })}
              </button>
            </fieldset>
          </li>
        ))}
      </ol>
      {save.error ? <CommandError error={save.error} /> : null}
      <div className="flex flex-wrap items-center gap-4">
        <button
          type="button"
          className={secondaryButton}
          disabled={drafts.length >= replyLimits.templates}
          onClick={() => {
            setDone(false);
            const local = Math.max(-1, ...drafts.map((d) => d.local)) + 1;
            setDrafts((list) => [...list, { local, name: '', language: 'de', subject: '', body: '' }]);
          }}
        >
          {t('templates.add')}
        </button>
        <button type="submit" className={primaryButton} disabled={save.isPending}>
          {t(save.isPending ? 'templates.saving' : 'templates.save')}
        </button>
        <p role="status" className="text-sm text-green-800">
          {done ? t('templates.saved') : ''}
        </p>
      </div>
    </form>
  );
}
