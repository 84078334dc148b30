import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Project, contentLanguageOf, apiRoutes, apiUrl, pickText } from '@blitz/contract';
import { IconArrowRight } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { usePageMeta } from '../../../lib/page-meta';
import { projectSearchResult } from '../../../lib/search-entry';
import { usePageData } from '../../../lib/ssr/page-data';
import { categoryName } from './category-name';
import { PictureGallery } from './picture-gallery';
import { ProjectPicture } from './project-picture';
import { LineList, Paragraphs } from '../../../components/text-blocks';

const detailSizes = '(min-width: 1280px) 816px, (min-width: 1024px) calc(66vw - 40px), calc(100vw - 32px)';
const pictureClass = 'h-auto w-full rounded-lg object-cover shadow-md';

function BackLink() {
  const { t } = useTranslation('projects');
  return (
    <Link
      to={paths.projects}
      className="inline-flex items-center gap-2 rounded text-sm font-semibold text-accent-300 hover:text-white"
    >
      <IconArrowRight className="h-4 w-4 rotate-180" />
      {t('detail.back')}
    </Link>
  );
}

/**
 * A project's page. Without a project it is the page's loading state, built of the same
 * elements: the page prerendered without data then carries the styles of the project the server
 * renders into it.
 */
function DetailView({ project }: { project: Project | undefined }) {
  const { t, i18n } = useTranslation('projects');
  const { t: common } = useTranslation('common');
  const language = contentLanguageOf(i18n.language === 'en' ? 'en' : 'de');
  // The location and the work duration in the visitor's language (decision 033), the other's when it has none.
  const location = project ? pickText(project.locationTranslations ?? [], language) || project.location : '';
  const workDuration = project ? pickText(project.workDurationTranslations ?? [], language) || project.workDuration : '';
  const title = project ? pickText(project.title, language) || location : t('detail.loading');
  // While loading, stand-ins of the texts' shape (made invisible below).
  const content = project ? pickText(project.content, language) : '…\n\n…';
  const scope = project ? pickText(project.scopeOfWorks, language) : '…\n…\n…';
  usePageMeta('project', project && projectSearchResult(project, language, common));
  const value = (text: string) => (project ? text : '…');
  const facts: [string, string][] = [
    [t('detail.location'), value(location)],
    [t('detail.workDuration'), value(workDuration)],
    [t('detail.category'), value(project?.category ? categoryName(project.category, language) : '')],
    [t('detail.client'), project?.client ?? ''],
  ];
  const loading = project ? '' : 'animate-pulse rounded bg-slate-200 text-transparent';

  return (
    <article aria-busy={!project}>
      <PageHeader title={title} kicker={project?.category ? categoryName(project.category, language) : undefined}>
        <div className="mt-6">
          <BackLink />
        </div>
      </PageHeader>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 md:py-14 lg:grid-cols-3">
        <div className="lg:col-span-2 lg:row-start-1">
          {project && project.pictures.length > 0 ? (
            <PictureGallery pictures={project.pictures} language={language} sizes={detailSizes} className="rounded-lg" />
          ) : project ? (
            <ProjectPicture project={project} alt={title} sizes={detailSizes} priority className={pictureClass} />
          ) : (
            <div className={`${pictureClass} aspect-[3/2] animate-pulse bg-slate-200`} />
          )}
        </div>
        <aside className="space-y-8 lg:col-start-3 lg:row-span-2 lg:row-start-1">
          <section aria-label={t('detail.facts')} className="rounded-lg bg-brand-50 p-6">
            <dl className="space-y-4">
              {facts
                .filter(([, text]) => text)
                .map(([label, text]) => (
                  <div key={label}>
                    <dt className="text-xs font-semibold tracking-wider text-brand-700 uppercase">{label}</dt>
                    <dd className={`mt-1 text-slate-900 ${loading}`}>{text}</dd>
                  </div>
                ))}
            </dl>
          </section>
          {scope && (
            <section>
              <h2 className="text-xl font-semibold text-brand-900">{t('detail.scopeOfWorks')}</h2>
              <LineList text={scope} className={`mt-4 text-slate-800 ${loading}`} />
            </section>
          )}
        </aside>
        {content && (
          <section className="lg:col-span-2 lg:row-start-2">
            <h2 className="text-2xl font-semibold text-brand-900">{t('detail.content')}</h2>
            <div className={`mt-4 max-w-3xl space-y-4 text-lg leading-relaxed text-slate-800 ${loading}`}>
              <Paragraphs text={content} />
            </div>
          </section>
        )}
      </div>
    </article>
  );
}

/** A project's page in the current language; an unknown id or a failed load goes to the home page. */
export function ProjectDetail({ id }: { id: number }) {
  // The server renders a project's page with its data, and sends an unknown id home (SPEC.md §2).
  return <DetailView project={usePageData<Project>(apiUrl(apiRoutes.projects.onePath(id)))} />;
}
