import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomPage, SiteLanguage } from '@blitz/contract';
import { CommandError } from '../../../components/admin/command-error';
import { primaryButton, secondaryButton, smallButton } from '../../../components/admin/button-classes';
import { type PageStateAction, usePageState, useStartPreview } from '../api/pages';

/** Where a page stands, as a project does (decision 033): a draft, live, or live with a draft of changes. */
export type PageState = 'draft' | 'published' | 'changed';

export function pageState(page: Pick<CustomPage, 'published' | 'draft'>): PageState {
  if (!page.published) return 'draft';
  return page.draft ? 'changed' : 'published';
}

const badgeClass: Record<PageState, string> = {
  draft: 'border-amber-700 bg-amber-50 text-amber-900',
  published: 'border-emerald-700 bg-emerald-50 text-emerald-900',
  changed: 'border-sky-700 bg-sky-50 text-sky-900',
};

/** The state as a small label, for the list and the dialog. */
export function PageStateBadge({ page }: { page: Pick<CustomPage, 'published' | 'draft'> }) {
  const { t } = useTranslation('pageEditing');
  const state = pageState(page);
  return (
    <span className={`inline-block rounded border px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${badgeClass[state]}`}>
      {t(`state.${state}`)}
    </span>
  );
}

/**
 * Where the page will be for visitors in a language: its address for German, with `?lang=en`
 * for English, as every page of the site (DESIGN.md §4) and as the projects' preview opens one.
 */
export const previewAddress = (address: string, lang: SiteLanguage) => `${address}?lang=${lang}`;

/**
 * A saved page's state in its dialog, with what can be done about it, as the projects' editor
 * has it: publish, unpublish, discard the draft of changes, and the preview of the page in either
 * language (this browser only, the saved values: save first what you typed).
 */
export function PageStatePanel({ page, onChanged }: { page: CustomPage; onChanged: (page: CustomPage) => void }) {
  const { t } = useTranslation('pageEditing');
  const change = usePageState();
  const preview = useStartPreview();
  const [previewOn, setPreviewOn] = useState(false);
  const state = pageState(page);
  // The preview shows the pending values: a draft of changes may have moved the page.
  const address = (page.draft ?? page).address;

  const act = (action: PageStateAction) => {
    if (action === 'discard' && !window.confirm(t('state.confirmDiscard'))) return;
    change.mutate({ id: page.id, action }, { onSuccess: onChanged });
  };
  const open = (lang: SiteLanguage) =>
    preview.mutate(undefined, {
      onSuccess: () => {
        setPreviewOn(true);
        // Opened once the cookie is set; should the browser block it, the links below open it.
        window.open(previewAddress(address, lang), '_blank', 'noopener');
      },
    });

  return (
    <section aria-label={t('state.label')} className="space-y-3 rounded-md border border-slate-300 bg-slate-50 p-3">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
        <PageStateBadge page={page} />
        <span role="status">{t(`state.${state}Notice`)}</span>
      </p>
      <div className="flex flex-wrap gap-2">
        {state !== 'published' && (
          <button
            type="button"
            className={`${primaryButton} ${smallButton}`}
            disabled={change.isPending}
            onClick={() => act('publish')}
          >
            {state === 'changed' ? t('state.publishChanges') : t('state.publish')}
          </button>
        )}
        {state === 'changed' && (
          <button
            type="button"
            className={`${secondaryButton} ${smallButton}`}
            disabled={change.isPending}
            onClick={() => act('discard')}
          >
            {t('state.discard')}
          </button>
        )}
        {state !== 'draft' && (
          <button
            type="button"
            className={`${secondaryButton} ${smallButton}`}
            disabled={change.isPending}
            onClick={() => act('unpublish')}
          >
            {t('state.unpublish')}
          </button>
        )}
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
              href={previewAddress(address, lang)}
              target="_blank"
              rel="noopener"
            >
              {t('state.previewLink', { language: lang.toUpperCase() })}
            </a>
          ))}
        </p>
      )}
      {change.error || preview.error ? <CommandError error={change.error ?? preview.error} /> : null}
    </section>
  );
}
