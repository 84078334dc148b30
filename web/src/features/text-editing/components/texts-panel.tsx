import { useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type EditableTextNamespace, type SiteTextList, editableTextNamespaces, isEditableTextNamespace } from '@blitz/contract';
import { secondaryButton } from '../../../components/admin/button-classes';
import { controlClass } from '../../../components/admin/form-field';
import { ListStatus } from '../../../components/admin/list-status';
import { useAfterFirstFrame } from '../../../lib/use-after-first-frame';
import { useItemParam } from '../../../components/admin/opened-item';
import { useSiteTexts } from '../api/site-texts';
import { type CompletenessCheck, completenessChecks, completenessCounts, failsCheck } from '../completeness';
import { firstOfGroups, groupByPage, searchTexts } from '../text-groups';
import { textOfItem } from '../text-item';
import { PublishBar } from './publish-bar';
import { TextEditsContext, useTextEditsStore } from './text-edits';
import { TextEntry } from './text-entry';

/** How many texts the list shows at first and adds with "show more": rendering stays cheap. */
const pageSize = 30;
/** How many of them the tab's first frame holds (a phone's screen and more): the rest follow it. */
const firstFrameSize = 3;

/** The website's texts (issue 16): every text visitors read, by page, as drafts to publish. */
export function TextsPanel() {
  const { t } = useTranslation('textEditing');
  const headingId = useId();
  const texts = useSiteTexts();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-2 text-2xl font-bold text-brand-900">
        {t('heading')}
      </h2>
      <p className="mb-6 max-w-3xl text-slate-700">{t('intro')}</p>
      {texts.data ? <TextsEditor list={texts.data} /> : <ListStatus query={texts} />}
    </section>
  );
}

type Check = CompletenessCheck | 'all';

function TextsEditor({ list }: { list: SiteTextList }) {
  const { t } = useTranslation('textEditing');
  const ids = useId();
  const [page, setPage] = useState<EditableTextNamespace | 'all'>('all');
  const [check, setCheck] = useState<Check>('all');
  const [query, setQuery] = useState('');
  const [limit, setLimit] = useState(pageSize);
  const edits = useTextEditsStore();
  // Typing stays quick; the list follows when React has time.
  const deferredQuery = useDeferredValue(query);
  // The audit trail's "Open" names a text in the address: the list shows its page, searched for its key.
  const item = useItemParam();
  useEffect(() => {
    const text = item && textOfItem(item.value);
    if (!text) return;
    setPage(text.namespace);
    setCheck('all');
    setQuery(text.key);
    setLimit(pageSize);
  }, [item]);
  const pageName = (namespace: EditableTextNamespace) => t(`pages.${namespace}`);

  const counts = useMemo(() => completenessCounts(list.data), [list.data]);
  const perPage = useMemo(() => {
    const map = new Map<EditableTextNamespace, number>();
    for (const entry of list.data) map.set(entry.namespace, (map.get(entry.namespace) ?? 0) + 1);
    return map;
  }, [list.data]);
  const matches = useMemo(() => {
    const inScope = list.data.filter(
      (entry) => (page === 'all' || entry.namespace === page) && (check === 'all' || failsCheck(entry, check)),
    );
    return searchTexts(inScope, deferredQuery);
  }, [list.data, page, check, deferredQuery]);
  const afterFirstFrame = useAfterFirstFrame();
  const shownLimit = afterFirstFrame ? limit : Math.min(limit, firstFrameSize);
  const shown = useMemo(() => firstOfGroups(groupByPage(matches), shownLimit), [matches, shownLimit]);
  const left = matches.length - Math.min(limit, matches.length);

  // A new filter starts at the top of its results.
  const filtered =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setLimit(pageSize);
    };
  const allComplete = completenessChecks.every((c) => counts[c] === 0);

  return (
    <TextEditsContext.Provider value={edits}>
      <div className="space-y-6">
        <PublishBar drafts={list.drafts} />
        <div className="grid gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2">
          <div>
            <label htmlFor={`${ids}-search`} className="block text-sm font-semibold text-slate-800">
              {t('search')}
            </label>
            <input
              id={`${ids}-search`}
              type="search"
              value={query}
              onChange={(event) => filtered(setQuery)(event.target.value)}
              aria-describedby={`${ids}-search-hint`}
              className={controlClass}
            />
            <p id={`${ids}-search-hint`} className="mt-1 text-sm text-slate-600">
              {t('searchHint')}
            </p>
          </div>
          <div>
            <label htmlFor={`${ids}-page`} className="block text-sm font-semibold text-slate-800">
              {t('page')}
            </label>
            <select
              id={`${ids}-page`}
              value={page}
              onChange={(event) => {
                const value = event.target.value;
                filtered(setPage)(isEditableTextNamespace(value) ? value : 'all');
              }}
              className={controlClass}
            >
              <option value="all">{t('pageOption', { page: t('pages.all'), count: list.data.length })}</option>
              {editableTextNamespaces.map((namespace) => (
                <option key={namespace} value={namespace}>
                  {t('pageOption', { page: pageName(namespace), count: perPage.get(namespace) ?? 0 })}
                </option>
              ))}
            </select>
          </div>
          <fieldset className="sm:col-span-2">
            <legend className="text-sm font-semibold text-slate-800">{t('completeness')}</legend>
            <div className="mt-1 flex flex-wrap gap-2">
              {(['all', ...completenessChecks] as const).map((value) => (
                <label key={value} className="cursor-pointer">
                  <input
                    type="radio"
                    name={`${ids}-check`}
                    value={value}
                    checked={check === value}
                    onChange={() => filtered(setCheck)(value)}
                    className="peer sr-only"
                  />
                  <span className="inline-block rounded-full border border-slate-400 bg-white px-3 py-1 text-sm text-slate-800 peer-checked:border-brand-700 peer-checked:bg-brand-700 peer-checked:text-white peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 peer-focus-visible:ring-offset-2">
                    {t('checkOption', {
                      check: t(`checks.${value}`),
                      count: value === 'all' ? list.data.length : counts[value],
                    })}
                  </span>
                </label>
              ))}
            </div>
            {allComplete && <p className="mt-2 text-sm text-green-800">{t('allComplete')}</p>}
          </fieldset>
        </div>

        <p role="status" className="text-sm font-semibold text-slate-700">
          {matches.length === 0
            ? check === 'all'
              ? t('noResults')
              : t('noResultsForCheck', { check: t(`checks.${check}`) })
            : t('results', { count: matches.length })}
        </p>
        {shown.map((group) => (
          <section key={group.namespace} aria-labelledby={`${ids}-${group.namespace}`} className="space-y-4">
            <h3 id={`${ids}-${group.namespace}`} className="text-xl font-bold text-brand-900">
              {pageName(group.namespace)}
            </h3>
            {group.entries.map((entry) => (
              <TextEntry key={entry.key} entry={entry} pageName={pageName(group.namespace)} />
            ))}
          </section>
        ))}
        {afterFirstFrame && left > 0 && (
          <div className="flex justify-center">
            <button type="button" className={secondaryButton} onClick={() => setLimit((shownCount) => shownCount + pageSize)}>
              {t('showMore', { count: Math.min(pageSize, left) })} {t('showMoreLeft', { count: left })}
            </button>
          </div>
        )}
      </div>
    </TextEditsContext.Provider>
  );
}
