import { memo, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type SiteLanguage,
  type SiteTextEntry,
  type SiteTextState,
  draftText,
  liveText,
  siteLanguages,
  textPlaceholders,
} from '@blitz/contract';
import { primaryButton, secondaryButton, smallButton } from '../../../components/admin/button-classes';
import { CommandError } from '../../../components/admin/command-error';
import { EditConflict, TypedValues } from '../../../components/admin/edit-conflict';
import { controlClass } from '../../../components/admin/form-field';
import { useStaleSave } from '../../../components/admin/use-stale-save';
import { useLoadTextEntry, useSaveTextDraft } from '../api/site-texts';
import { asOneLine, draftProblem } from '../draft-check';
import { useTextEdit } from './text-edits';

/**
 * One text: German and English side by side (stacked on a phone). Memoised: a save replaces
 * only its own entry in the list, so the other texts on screen do not render again.
 */
export const TextEntry = memo(function TextEntry({ entry, pageName }: { entry: SiteTextEntry; pageName: string }) {
  return (
    <article className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h4 className="mb-3 font-mono text-sm break-all text-slate-700">{entry.key}</h4>
      <div className="grid gap-x-6 gap-y-6 md:grid-cols-2">
        {siteLanguages.map((language) => (
          <LanguageEditor key={language} entry={entry} language={language} pageName={pageName} />
        ))}
      </div>
    </article>
  );
});

const badge = {
  default: 'bg-slate-100 text-slate-800',
  live: 'bg-green-100 text-green-900',
  draft: 'bg-amber-100 text-amber-900',
} as const;

function StatusBadges({ state }: { state: SiteTextState }) {
  const { t } = useTranslation('textEditing');
  return (
    <span className="flex flex-wrap gap-1.5 text-xs font-semibold">
      {state.published === null ? (
        <span className={`rounded px-2 py-0.5 ${badge.default}`}>{t('status.default')}</span>
      ) : (
        <span className={`rounded px-2 py-0.5 ${badge.live}`}>{t('status.live')}</span>
      )}
      {state.hasDraft && (
        <span className={`rounded px-2 py-0.5 ${badge.draft}`}>
          {state.draft === null ? t('status.draftDefault') : t('status.draft')}
        </span>
      )}
    </span>
  );
}

/**
 * Rows enough for the text as it wraps at about 60 characters, at most 12 (it scrolls beyond);
 * browsers that size a field to its content (field-sizing) do so instead.
 */
function rowsFor(text: string): number {
  const rows = text.split('\n').reduce((sum, line) => sum + Math.max(1, Math.ceil(line.length / 60)), 0);
  return Math.min(12, Math.max(1, rows));
}

/** A text shown for comparison under the field: the default, or the live text while a draft waits. */
function Reference({ label, text, language }: { label: string; text: string; language: SiteLanguage }) {
  return (
    <div className="mt-2 text-sm">
      <span className="font-semibold text-slate-700">{label}: </span>
      <span lang={language} className="whitespace-pre-line text-slate-600">
        {text}
      </span>
    </div>
  );
}

function LanguageEditor({ entry, language, pageName }: { entry: SiteTextEntry; language: SiteLanguage; pageName: string }) {
  const { t } = useTranslation('textEditing');
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const save = useSaveTextDraft();
  const state = entry[language];
  const current = draftText(state);
  // What the user typed and has not saved yet; null: the field shows the saved text.
  const [edit, setTyped] = useTextEdit(`${entry.namespace}/${entry.key}/${language}`);
  const [saved, setSaved] = useState(false);
  const loadEntry = useLoadTextEntry();
  // The last save asked for (a draft, the live text back, the default): "Save mine anyway" repeats it.
  const lastSend = useRef<{ content: string | null; after?: () => void }>({ content: null });
  const value = edit ?? current;
  const dirty = edit !== null && edit !== current;
  // Typing back to the saved text is no change.
  const setEdit = (next: string | null) => setTyped(next === current ? null : next);
  const problem = dirty ? draftProblem(value, state.default) : undefined;
  const placeholders = textPlaceholders(state.default);
  const languageName = t(`language.${language}`);
  // While a draft waits, what visitors read now is shown under the field (once, if it is the default).
  const live = liveText(state);
  const liveShown = state.hasDraft && live !== current;
  const context = `${entry.key} (${languageName})`;

  // `checkVersion` false: "Save mine anyway", the same save without a version (it overwrites).
  const send = (content: string | null, after?: () => void, checkVersion = true) => {
    setSaved(false);
    lastSend.current = { content, after };
    const change = { namespace: entry.namespace, key: entry.key, language, content };
    save.mutate(checkVersion ? { ...change, updatedAt: state.updatedAt ?? null } : change, {
      onSuccess: () => {
        setEdit(null);
        setTypedBefore(null);
        after?.();
        // The button pressed may be gone now: the user goes on in the text.
        field.current?.focus();
      },
    });
  };
  const stale = useStaleSave<string | null>({
    save,
    // After "Load their version": what the user had typed, shown under the field to copy.
    none: null,
    overwrite: () => send(lastSend.current.content, lastSend.current.after, false),
    // Their text into the field (the list gets this text anew); what was typed is kept beside it.
    loadTheirs: async (): Promise<string | null> => {
      await loadEntry(entry.namespace, entry.key);
      setTyped(null);
      setSaved(false);
      field.current?.focus();
      return dirty && value.trim() !== '' ? value : typed;
    },
  });
  const { typed, setTyped: setTypedBefore } = stale;

  const hints = [
    entry.lines ? `${id}-lines` : '',
    placeholders.length > 0 ? `${id}-placeholders` : '',
    problem ? `${id}-problem` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const button = `${secondaryButton} ${smallButton}`;

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-semibold text-slate-800">
          <span className="sr-only">{t('fieldContext', { page: pageName, key: entry.key })} </span>
          {languageName}
        </label>
        <StatusBadges state={state} />
      </div>
      <textarea
        ref={field}
        id={id}
        lang={language}
        rows={rowsFor(value)}
        value={value}
        onChange={(event) => {
          const typed = event.target.value;
          const next = entry.lines ? typed : asOneLine(typed);
          // A pasted paragraph becomes one line in the field at once, even when the text it
          // leaves equals the one before (Preact, the dashboard's runtime, re-renders only then).
          if (next !== typed) event.target.value = next;
          setEdit(next);
          setSaved(false);
        }}
        // A one-line text wraps in its field but takes no line break.
        onKeyDown={entry.lines ? undefined : (event) => event.key === 'Enter' && event.preventDefault()}
        aria-invalid={problem ? true : undefined}
        aria-describedby={hints || undefined}
        className={`${controlClass} field-sizing-content max-h-96 resize-y`}
      />
      {entry.lines && (
        <p id={`${id}-lines`} className="mt-1 text-sm text-slate-600">
          {t('linesHint')}
        </p>
      )}
      {placeholders.length > 0 && (
        <p id={`${id}-placeholders`} className="mt-1 text-sm text-slate-600">
          {t('placeholdersHint', { names: placeholders.map((name) => `{{${name}}}`).join(', ') })}
        </p>
      )}
      {problem && (
        <p id={`${id}-problem`} className="mt-1 text-sm font-medium text-red-700">
          {t(problem.key, 'values' in problem ? problem.values : {})}
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        {dirty && (
          <>
            <button
              type="button"
              className={`${primaryButton} ${smallButton}`}
              disabled={save.isPending || problem !== undefined}
              onClick={() => send(value, () => setSaved(true))}
            >
              {t('saveDraft')}
              <span className="sr-only"> {context}</span>
            </button>
            <button type="button" className={button} disabled={save.isPending} onClick={() => setEdit(null)}>
              {t('undoEdit')}
              <span className="sr-only"> {context}</span>
            </button>
          </>
        )}
        {!dirty && state.hasDraft && (
          <button type="button" className={button} disabled={save.isPending} onClick={() => send(live)}>
            {t('discardDraft')}
            <span className="sr-only"> {context}</span>
          </button>
        )}
        {!dirty && current !== state.default && (
          <button type="button" className={button} disabled={save.isPending} onClick={() => send(null)}>
            {t('resetToDefault')}
            <span className="sr-only"> {context}</span>
          </button>
        )}
      </div>
      <p role="status" className="text-sm text-green-800">
        {saved && !dirty ? t('saved') : ''}
      </p>
      {stale.conflict ? (
        <div className="mt-2">
          <EditConflict {...stale.conflictProps} />
        </div>
      ) : save.error ? (
        <div className="mt-2">
          <CommandError error={save.error} />
        </div>
      ) : null}
      {typed !== null && typed !== value && (
        <div className="mt-2">
          <TypedValues changes={{ mine: [{ label: context, value: typed }], theirs: [], by: undefined }} />
        </div>
      )}
      {liveShown && (
        <Reference label={t(live === state.default ? 'liveIsDefault' : 'liveText')} text={live} language={language} />
      )}
      {value !== state.default && !(liveShown && live === state.default) && (
        <Reference label={t('defaultText')} text={state.default} language={language} />
      )}
    </div>
  );
}
