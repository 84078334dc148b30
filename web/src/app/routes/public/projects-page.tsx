import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ProjectGallery } from '../../../features/projects/components/project-gallery';
import { usePageMeta } from '../../../lib/page-meta';

export default function ProjectsPage() {
  const { t } = useTranslation('projects');
  usePageMeta('projects');
  return (
    <>
      <PageHeader kicker={t('kicker')} title={t('title')} intro={t('intro')} />
      <div className="mx-auto max-w-7xl px-4 py-10 md:py-14">
        <ProjectGallery />
      </div>
    </>
  );
}
