import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import {
  type CustomPageReferences,
  type PublishedCustomPage,
  contentLanguageOf,
  customPageAddressKey,
  customPageReadPath,
  customPageReferencesKey,
} from '@blitz/contract';
import { CustomPageView } from '../../../features/custom-pages/components/custom-page-view';
import { ProjectCard } from '../../../features/projects/components/project-card';
import { usePageMeta } from '../../../lib/page-meta';
import { customPageSearchResult } from '../../../lib/search-entry';
import { usePageData } from '../../../lib/ssr/page-data';

/** `/{address}`: a page staff added (issue 45), rendered by the server with its data; an unknown address is the server's "not found". */
export default function CustomPage() {
  const { address = '' } = useParams();
  const { t, i18n } = useTranslation('common');
  const lang = i18n.language === 'en' ? 'en' : 'de';
  const page = usePageData<PublishedCustomPage>(customPageReadPath(customPageAddressKey(`/${address}`)));
  const references = usePageData<CustomPageReferences>(customPageReferencesKey) ?? {};
  usePageMeta('customPage', page && customPageSearchResult(page, contentLanguageOf(lang), t));
  return (
    <CustomPageView
      page={page}
      lang={lang}
      references={references}
      renderReference={(project, heading) => <ProjectCard project={project} heading={heading} />}
    />
  );
}
