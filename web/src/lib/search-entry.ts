import type { TFunction } from 'i18next';
import {
  ContentLanguage,
  type CustomPage,
  type Job,
  type LocalizedText,
  type Project,
  pickText,
  plainTextOf,
  textExcerpt,
} from '@blitz/contract';

/** What a search engine's result and a link preview show of a page: the head's title, description and og:title. */
export type SearchResult = { title: string; description: string; ogTitle: string };

/**
 * The search entry's text in exactly this language: an entry staff left empty in one language
 * leaves that language's page as it was (decision 059), it does not borrow the other's.
 */
const ownText = (texts: readonly LocalizedText[] | undefined, language: ContentLanguage) =>
  texts?.find((t) => t.language === language)?.content.trim() ?? '';

/** A project's page in search results: its search entry where staff wrote one, else made from its texts (as before). */
export function projectSearchResult(
  project: Pick<Project, 'title' | 'content' | 'scopeOfWorks' | 'location' | 'searchTitle' | 'searchDescription'>,
  language: ContentLanguage,
  t: TFunction<'common'>,
): SearchResult {
  const projectTitle = pickText(project.title, language) || project.location;
  const title = ownText(project.searchTitle, language);
  return {
    title: title || t('meta.projectDetail.titleWithProject', { projectTitle }),
    description:
      ownText(project.searchDescription, language) ||
      textExcerpt(pickText(project.content, language) || pickText(project.scopeOfWorks, language) || projectTitle),
    ogTitle: title || projectTitle,
  };
}

/** A job's page in search results: its search entry where staff wrote one, else made from its texts (as before). */
export function jobSearchResult(
  job: Pick<Job, 'title' | 'location' | 'tasks' | 'searchTitle' | 'searchDescription'>,
  language: ContentLanguage,
  t: TFunction<'common'>,
): SearchResult {
  const jobTitle = pickText(job.title, language);
  const title = ownText(job.searchTitle, language);
  return {
    title: title || t('meta.jobDetail.titleWithJob', { jobTitle }),
    description:
      ownText(job.searchDescription, language) || textExcerpt(`${jobTitle}, ${job.location}. ${pickText(job.tasks, language)}`),
    ogTitle: title || jobTitle,
  };
}

/**
 * A page staff added in search results (decision 061): its search entry where staff wrote one,
 * else its title with the company's name, and the words of its first text (its title where it
 * has none). The dashboard's preview and the page's head make it with this one function.
 */
export function customPageSearchResult(
  page: Pick<CustomPage, 'title' | 'sections' | 'searchTitle' | 'searchDescription'>,
  language: ContentLanguage,
  t: TFunction<'common'>,
): SearchResult {
  const lang = language === ContentLanguage.English ? 'en' : 'de';
  const pageTitle = page.title[lang] || page.title[lang === 'en' ? 'de' : 'en'];
  const title = ownText(page.searchTitle, language);
  const firstText = page.sections
    .map((section) =>
      section.kind === 'text' || section.kind === 'textPicture'
        ? plainTextOf(section.text[lang])
        : section.kind === 'callToAction'
          ? section.text[lang]
          : '',
    )
    .find((text) => text.trim());
  return {
    title: title || t('meta.customPage.titleWithPage', { pageTitle }),
    description: ownText(page.searchDescription, language) || textExcerpt(firstText || pageTitle),
    ogTitle: title || pageTitle,
  };
}
