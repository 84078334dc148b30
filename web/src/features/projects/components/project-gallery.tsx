import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type PageLengthOption, contentLanguageOf, galleryListQuery } from '@blitz/contract';
import { useCategories, useProjectList } from '../api/projects-api';
import { useGalleryState } from '../hooks/use-gallery-state';
import { categoryName } from './category-name';
import { CategorySelect } from './category-select';
import { GalleryPagination } from './gallery-pagination';
import { ProjectCard } from './project-card';

const gridClass = 'grid list-none gap-6 p-0 sm:grid-cols-2 lg:grid-cols-3';
const secondaryButton =
  'inline-flex min-h-11 items-center justify-center rounded-md border px-5 py-2 font-semibold transition-colors';

/** Loading, empty and failed: each says what is going on and what to do. */
function GalleryMessage({
  heading,
  text,
  action,
}: {
  heading: string;
  text: string;
  action?: { label: string; onClick: () => void };
}) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-slate-50 px-6 py-14 text-center">
      <svg
        className="mx-auto h-12 w-12 text-brand-200"
        viewBox="0 0 24 24"
        fill="currentColor"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M13 2L4.5 13.5H11L10 22l8.5-11.5H12z" />
      </svg>
      <h2 className="mt-4 text-xl font-semibold text-brand-900">{heading}</h2>
      <p className="mx-auto mt-2 max-w-xl text-slate-700">{text}</p>
      {action && (
        <button
          type="button"
          onClick={action.onClick}
          className={`${secondaryButton} mt-6 border-brand-700 bg-brand-700 text-white hover:bg-brand-800`}
        >
          {action.label}
        </button>
      )}
    </div>
  );
}

/** The reference-project gallery: category filter, All, the cards, and paging, all kept in the address. */
export function ProjectGallery() {
  const { t, i18n } = useTranslation('projects');
  const language = contentLanguageOf(i18n.language === 'en' ? 'en' : 'de');
  const [state, update] = useGalleryState();
  const list = useProjectList(galleryListQuery(state, language));
  const categories = useCategories();
  const results = useRef<HTMLDivElement>(null);
  const filtersHeading = useId();

  const options = (categories.data?.data ?? [])
    .map((c) => ({ id: c.id, label: categoryName(c, language) }))
    .sort((a, b) => a.label.localeCompare(b.label, i18n.language));
  const chosen = options.find((o) => o.id === state.category);
  const count = list.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / state.rows));

  // An address past the last page (a shared link after projects were removed) shows the last page.
  const pastTheEnd = list.isSuccess && !list.isPlaceholderData && list.data.data.length === 0 && count > 0 && state.page > pages;
  useEffect(() => {
    if (pastTheEnd) update({ page: pages }, { replace: true });
  }, [pastTheEnd, pages, update]);

  const goTo = (change: Parameters<typeof update>[0]) => {
    update(change);
    // Paging from the bottom of the list: the new cards start at the top.
    const top = results.current?.getBoundingClientRect().top;
    if (top !== undefined && top < 0) results.current?.scrollIntoView({ block: 'start' });
  };

  let body;
  if (list.isPending || pastTheEnd) {
    body = (
      <div role="status">
        <span className="sr-only">{t('state.loading')}</span>
        <ul className={gridClass}>
          {Array.from({ length: Math.min(state.rows, 9) }, (_, i) => (
            <li key={i}>
              <ProjectCard />
            </li>
          ))}
        </ul>
        {/* Not shown: it carries the message's styles into the page prerendered without data,
            for when the server renders an empty or failed gallery into it. */}
        <div hidden>
          <GalleryMessage heading="" text="" action={{ label: '', onClick: () => {} }} />
        </div>
      </div>
    );
  } else if (list.isError) {
    body = (
      <GalleryMessage
        heading={t('state.errorHeading')}
        text={t('state.error')}
        action={{ label: t('state.retry'), onClick: () => void list.refetch() }}
      />
    );
  } else if (list.data.data.length === 0) {
    body = state.category ? (
      <GalleryMessage
        heading={t('state.emptyFilteredHeading')}
        text={t('state.emptyFiltered')}
        action={{ label: t('filters.allLabel'), onClick: () => goTo({ category: undefined, page: 1 }) }}
      />
    ) : (
      <GalleryMessage heading={t('state.emptyHeading')} text={t('state.empty')} />
    );
  } else {
    body = (
      <ul
        className={`${gridClass} transition-opacity ${list.isPlaceholderData ? 'opacity-60' : ''}`}
        aria-label={t('gridLabel')}
        aria-busy={list.isPlaceholderData}
      >
        {list.data.data.map((project, index) => (
          <li key={project.id}>
            <ProjectCard project={project} priority={index === 0} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div ref={results} className="scroll-mt-24">
      <section aria-labelledby={filtersHeading} className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <h2 id={filtersHeading} className="text-sm font-semibold tracking-wider text-slate-700 uppercase">
          {t('filters.heading')}
        </h2>
        <div className="flex flex-1 flex-wrap items-center gap-3">
          <CategorySelect
            label={t('filters.category')}
            placeholder={t('filters.placeholder')}
            options={options}
            value={state.category}
            onChange={(category) => goTo({ category, page: 1 })}
          />
          <button
            type="button"
            aria-pressed={state.category === undefined}
            onClick={() => goTo({ category: undefined, page: 1 })}
            className={`${secondaryButton} ${
              state.category === undefined
                ? 'border-brand-700 bg-brand-700 text-white hover:bg-brand-800'
                : 'border-brand-700 bg-white text-brand-800 hover:bg-brand-50'
            }`}
          >
            {t('filters.all')}
          </button>
        </div>
        <p className="text-sm text-slate-700 sm:ml-auto" role="status">
          {list.isSuccess && !pastTheEnd
            ? chosen
              ? t('resultsInCategory', { count, category: chosen.label })
              : t('results', { count })
            : null}
        </p>
      </section>
      <div className="mt-8">{body}</div>
      {!list.isError && (
        <GalleryPagination
          page={list.isSuccess && !pastTheEnd ? state.page : 1}
          pages={list.isSuccess && !pastTheEnd ? pages : 1}
          rows={state.rows}
          onPage={(page) => goTo({ page })}
          onRows={(rows: PageLengthOption) => goTo({ rows, page: 1 })}
        />
      )}
    </div>
  );
}
