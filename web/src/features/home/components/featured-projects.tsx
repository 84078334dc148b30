import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Project, type ProjectList, apiRoutes, apiUrl, contentLanguageOf } from '@blitz/contract';
import { IconArrowRight } from '../../../components/icons';
import { paths } from '../../../config/paths';
import { usePageData } from '../../../lib/ssr/page-data';

/**
 * The projects staff featured, in their order, as the server rendered the home page with them
 * (none in the build's page: the section is left out until staff feature one).
 */
export function useFeaturedProjects(): Project[] {
  const { i18n } = useTranslation();
  const language = contentLanguageOf(i18n.language === 'en' ? 'en' : 'de');
  return usePageData<ProjectList>(apiUrl(apiRoutes.projects.featuredPath(language)))?.data ?? [];
}

/** The home page's selection of reference projects: a heading, the cards (given by the page), a link to the gallery. */
export function FeaturedProjects({ children }: { children: ReactNode }) {
  const { t } = useTranslation('homepage');
  return (
    <section aria-labelledby="featured-heading" className="bg-slate-50" data-featured-projects>
      <div className="mx-auto max-w-7xl px-4 py-16 md:py-20">
        <div className="max-w-3xl">
          <h2 id="featured-heading" className="text-3xl font-bold tracking-tight text-brand-900 md:text-4xl">
            {t('featured.heading')}
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-slate-700">{t('featured.intro')}</p>
        </div>
        <ul className="mt-10 grid list-none grid-cols-1 gap-6 p-0 sm:grid-cols-2 lg:grid-cols-3">{children}</ul>
        <Link
          to={paths.projects}
          className="mt-10 inline-flex items-center gap-2 font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          {t('featured.allLink')}
          <IconArrowRight className="h-5 w-5" />
        </Link>
      </div>
    </section>
  );
}
