import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SiteLanguage, apiRoutes } from '@blitz/contract';
import { apiRequest } from '../../../lib/api-client';
import { primaryButton, secondaryButton, smallButton } from '../button-classes';
import { CommandError } from '../command-error';

/** Where a document (a page, a news post) stands, as a project does (decision 033): a draft, live, or live with a draft of changes. */
export type DocumentState = 'draft' | 'published' | 'changed';

export function documentState(document: { published: boolean; draft?: unknown }): DocumentState {
  if (!document.published) return 'draft';
  return document.draft ? 'changed' : 'published';
}

/** The actions on a document's state, as a project's: each one request, answered with the document. */
export type DocumentStateAction = 'publish' | 'unpublish' | 'discard';

/** A badge's colours: the three states, and a post waiting for its time. */
export type BadgeTone = DocumentState | 'scheduled';

const badgeClass: Record<BadgeTone, string> = {
  draft: 'border-amber-700 bg-amber-50 text-amber-900',
  published: 'border-emerald-700 bg-emerald-50 text-emerald-900',
  changed: 'border-sky-700 bg-sky-50 text-sky-900',
  scheduled: 'border-violet-700 bg-violet-50 text-violet-900',
};

/** The state as a small label, for a list and a dialog. */
export function StateBadge({ tone, label }: { tone: BadgeTone; label: string }) {
  return (
    // A scheduled post's badge names a date and time: it may wrap on a phone.
    <span
      className={`inline-block max-w-full rounded border px-2 py-0.5 text-xs font-semibold ${tone === 'scheduled' ? '' : 'whitespace-nowrap'} ${badgeClass[tone]}`}
    >
      {label}
    </span>
  );
}

/**
 * Starts this browser's preview, as the projects' editor does (the page texts' mechanism,
 * decision 022): a cookie with which the public pages show the pending values, drafts too, to
 * this browser alone.
 */
function useStartPreview() {
  return useMutation({
    mutationFn: () => apiRequest(apiRoutes.siteTexts.preview, { method: 'POST', admin: true }),
  });
}

type DocumentStatePanelProps = {
  state: DocumentState;
  /** The state's badge and what it means, in the document's words. */
  badge: ReactNode;
  notice: string;
  /** Runs an action (discarding is asked first). */
  onAction: (action: DocumentStateAction) => void;
  busy: boolean;
  error: unknown;
  /** Where the document is for visitors in a language (its pending address). */
  previewPath: (lang: SiteLanguage) => string;
};

/**
 * A saved document's state in its dialog, with what can be done about it, as the projects'
 * editor has it: publish, unpublish, discard the draft of changes, and the preview in either
 * language (this browser only, the saved values: save first what you typed).
 */
export function DocumentStatePanel({ state, badge, notice, onAction, busy, error, previewPath }: DocumentStatePanelProps) {
  const { t } = useTranslation('sectionEditing');
  const preview = useStartPreview();
  const [previewOn, setPreviewOn] = useState(false);

  const act = (action: DocumentStateAction) => {
    if (action === 'discard' && !window.confirm(t('state.confirmDiscard'))) return;
    onAction(action);
  };
  const open = (lang: SiteLanguage) =>
    preview.mutate(undefined, {
      onSuccess: () => {
        setPreviewOn(true);
        // Opened once the cookie is set; should the browser block it, the links below open it.
        window.open(previewPath(lang), '_blank', 'noopener');
      },
    });
  const button = (label: string, onClick: () => void, primary = false) => (
    <button
      type="button"
      className={`${primary ? primaryButton : secondaryButton} ${smallButton}`}
      disabled={busy}
      onClick={onClick}
    >
      {label}
    </button>
  );

  return (
    <section aria-label={t('state.label')} className="space-y-3 rounded-md border border-slate-300 bg-slate-50 p-3">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
        {badge}
        <span role="status">{notice}</span>
      </p>
      <div className="flex flex-wrap gap-2">
        {state !== 'published' &&
          button(state === 'changed' ? t('state.publishChanges') : t('state.publish'), () => act('publish'), true)}
        {state === 'changed' && button(t('state.discard'), () => act('discard'))}
        {state !== 'draft' && button(t('state.unpublish'), () => act('unpublish'))}
        {(['de', 'en'] as const).map((lang) => (
          <button
            key={lang}
            type="button"
            className={`${secondaryButton} ${smallButton}`}
            disabled={preview.isPending}
            onClick={() => open(lang)}
          >
            {t('state.preview', { language: lang.toUpperCase() })}
          </button>
        ))}
      </div>
      {previewOn && (
        <p className="text-sm text-slate-700">
          {t('state.previewOn')}{' '}
          {(['de', 'en'] as const).map((lang) => (
            <a
              key={lang}
              className="mr-3 font-semibold text-brand-700 underline hover:text-brand-900"
              href={previewPath(lang)}
              target="_blank"
              rel="noopener"
            >
              {t('state.previewLink', { language: lang.toUpperCase() })}
            </a>
          ))}
        </p>
      )}
      {error || preview.error ? <CommandError error={error ?? preview.error} /> : null}
    </section>
  );
}
