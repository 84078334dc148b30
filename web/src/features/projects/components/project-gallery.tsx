import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  type CategoryList,
  type ProjectList,
  contentLanguageOf,
  galleryListQuery,
  parseGalleryState,
  projectListUrl,
  apiRoutes,
  apiUrl,
} from '@blitz/contract';
import { usePageData } from '../../../lib/ssr/page-data';
import { categoryName } from './category-name';
import { CategorySelect } from './category-select';
import { galleryHref } from './gallery-href';
import { GalleryPagination } from './gallery-pagination';
import { ProjectCard } from './project-card';

const gridClass = 'grid list-none gap-6 p-0 sm:grid-cols-2 lg:grid-cols-3';
const secondaryButton =
  'inline-flex min-h-11 items-center justify-center rounded-md border px-5 py-2 font-semibold transition-colors';

/** Empty and failed: each says what is going on and what to do. */
function GalleryMessage({ heading, text, action }: { heading: string; text: string; action?: { label: string; href: string } }) {
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
        <a href={action.href} className={`${secondaryButton} mt-6 border-brand-700 bg-brand-700 text-white hover:bg-brand-800`}>
          {action.label}
        </a>
      )}
    </div>
  );
}

/**
 * The reference-project gallery: category filter, All, the cards, and paging. Rendered by the
 * server for each address (/Projects?category=3&page=2&rows=20) from the data it put into the
 * page; every control is a link or a GET form, so it works without JavaScript and every view
 * can be reached by a crawler. The page script loads a view in place (islands/gallery.ts).
 */
export function ProjectGallery() {
  const { t, i18n } = useTranslation('projects');
  const language = contentLanguageOf(i18n.language === 'en' ? 'en' : 'de');
  const [params] = useSearchParams();
  const state = parseGalleryState((name) => params.get(name));
  const lang = params.get('lang');
  const list = usePageData<ProjectList>(projectListUrl(galleryListQuery(state, language)));
  const categories = usePageData<CategoryList>(apiUrl(apiRoutes.categories.list));
  const filtersHeading = useId();

  const options = (categories?.data ?? [])
    .map((c) => ({ id: c.id, label: categoryName(c, language), href: galleryHref({ ...state, category: c.id, page: 1 }, lang) }))
    .sort((a, b) => a.label.localeCompare(b.label, i18n.language));
  const chosen = options.find((o) => o.id === state.category);
  const count = list?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / state.rows));
  const allHref = galleryHref({ ...state, category: undefined, page: 1 }, lang);

  let body;
  if (!list) {
    // The page without its data (the database was away, or the build's page): say so, and offer
    // to try again. Not shown: a card and the pager, whose styles the build's page must carry
    // inline for when the server renders the gallery with its data.
    body = (
      <>
        <GalleryMessage
          heading={t('state.errorHeading')}
          text={t('state.error')}
          action={{ label: t('state.retry'), href: galleryHref(state, lang) }}
        />
        <div hidden>
          <ul className={gridClass}>
            <li>
              <ProjectCard />
            </li>
          </ul>
          <GalleryPagination state={{ ...state, page: 2 }} pages={3} lang={lang} />
        </div>
      </>
    );
  } else if (list.data.length === 0) {
    body = state.category ? (
      <GalleryMessage
        heading={t('state.emptyFilteredHeading')}
        text={t('state.emptyFiltered')}
        action={{ label: t('filters.allLabel'), href: allHref }}
      />
    ) : (
      <GalleryMessage heading={t('state.emptyHeading')} text={t('state.empty')} />
    );
  } else {
    body = (
      <ul className={gridClass} aria-label={t('gridLabel')} data-cards>
        {list.data.map((project, index) => (
          <li key={project.id}>
            <ProjectCard project={project} priority={index === 0} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="scroll-mt-24" data-gallery>
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
          />
          <a
            href={allHref}
            aria-current={state.category === undefined ? 'true' : undefined}
            data-gallery-focus="all"
            className={`${secondaryButton} ${
              state.category === undefined
                ? 'border-brand-700 bg-brand-700 text-white hover:bg-brand-800'
                : 'border-brand-700 bg-white text-brand-800 hover:bg-brand-50'
            }`}
          >
            {t('filters.all')}
          </a>
        </div>
        <p className="text-sm text-slate-700 sm:ml-auto" role="status">
          {list ? (chosen ? t('resultsInCategory', { count, category: chosen.label }) : t('results', { count })) : null}
        </p>
      </section>
      <div className="mt-8">{body}</div>
      {list && <GalleryPagination state={state} pages={pages} lang={lang} />}
    </div>
  );
}
