import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import {
  type CustomPageReferences,
  type PublishedNewsPost,
  contentLanguageOf,
  customPageReferencesKey,
  newsPostPath,
  newsPostReadPath,
} from '@blitz/contract';
import { CustomPageSectionList } from '../../../features/custom-pages/components/custom-page-section-list';
import { NewsPostView } from '../../../features/news/components/news-post-view';
import { ProjectCard } from '../../../features/projects/components/project-card';
import { newsSearchResult } from '../../../lib/news';
import { usePageMeta } from '../../../lib/page-meta';
import { usePageData } from '../../../lib/ssr/page-data';

/**
 * `/aktuelles/{address}`: a news post (issue 45, decision 064), its sections shown as a page staff
 * added shows them; rendered by the server with its data, an unknown address is its "not found".
 */
export default function NewsPostPage() {
  const { address = '' } = useParams();
  const { t, i18n } = useTranslation('common');
  const lang = i18n.language === 'en' ? 'en' : 'de';
  const post = usePageData<PublishedNewsPost>(newsPostReadPath(address));
  const references = usePageData<CustomPageReferences>(customPageReferencesKey) ?? {};
  usePageMeta('newsPost', post && newsSearchResult(post, lang, contentLanguageOf(lang), t));
  return (
    <NewsPostView post={post} lang={lang}>
      {post && (
        <CustomPageSectionList
          sections={post.sections}
          files={post.files}
          lang={lang}
          address={newsPostPath(post.address, 'de')}
          references={references}
          renderReference={(project, heading) => <ProjectCard project={project} heading={heading} />}
          pictureAbove={post.cover !== null}
        />
      )}
    </NewsPostView>
  );
}
