import { useTranslation } from 'react-i18next';
import type { CustomPage, SiteLanguage } from '@blitz/contract';
import { DocumentStatePanel, StateBadge, documentState } from '../../../components/admin/sections/document-state';
import { usePageState } from '../api/pages';

/** Where a page stands, as a project does (decision 033): a draft, live, or live with a draft of changes. */
export const pageState = documentState;

/** The state as a small label, for the list and the dialog. */
export function PageStateBadge({ page }: { page: Pick<CustomPage, 'published' | 'draft'> }) {
  const { t } = useTranslation('pageEditing');
  const state = pageState(page);
  return <StateBadge tone={state} label={t(`state.${state}`)} />;
}

/**
 * Where the page will be for visitors in a language: its address for German, with `?lang=en`
 * for English, as every page of the site (DESIGN.md §4) and as the projects' preview opens one.
 */
export const previewAddress = (address: string, lang: SiteLanguage) => `${address}?lang=${lang}`;

/** A saved page's state in its dialog, with publish, unpublish, discard and the preview (decision 062). */
export function PageStatePanel({ page, onChanged }: { page: CustomPage; onChanged: (page: CustomPage) => void }) {
  const { t } = useTranslation('pageEditing');
  const change = usePageState();
  const state = pageState(page);
  // The preview shows the pending values: a draft of changes may have moved the page.
  const address = (page.draft ?? page).address;
  return (
    <DocumentStatePanel
      state={state}
      badge={<PageStateBadge page={page} />}
      notice={t(`state.${state}Notice`)}
      onAction={(action) => change.mutate({ id: page.id, action }, { onSuccess: onChanged })}
      busy={change.isPending}
      error={change.error}
      previewPath={(lang) => previewAddress(address, lang)}
    />
  );
}
