import {
  type CompanySettings,
  type Job,
  type SiteLanguage,
  berlinDate,
  berlinEndOfDay,
  fillPlaceholders,
  contentLanguageOf,
  jobPath,
  pageUrl,
  pickText,
  sharedPlaceholderValues,
  textExcerpt,
  escapeHtml,
  apiRoutes,
  apiUrl,
} from '@blitz/contract';
import { HttpError } from '../../lib/http-error';
import { type PageRenderer, type Texts, ownPageHead, replaceHead, textAt } from '../pages/page-renderer';
import { pageIdOf } from '../pages/page-cache';
import type { PageFillerDeps } from '../content/content-module';
import type { PageFiller } from '../pages/page-filler';
import { readJob, readJobPage } from './job-reads';

/** The jobs a visitor may see change with an edit (the content version) and at midnight in Berlin (valid-through). */
async function jobsVersion(deps: PageFillerDeps): Promise<string> {
  return `${await deps.contentReads.version()}-${berlinDate()}`;
}

/** A text's lines as an HTML list (Google allows simple HTML in a JobPosting's description). */
function htmlLines(value: string): string {
  const lines = value
    .split('\n')
    .map((line) => line.replace(/^\s*[-–•*]\s*/, '').trim())
    .filter(Boolean);
  if (lines.length === 0) return '';
  if (lines.length === 1) return `<p>${escapeHtml(lines[0]!)}</p>`;
  return `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`;
}

/** Where the job is: the company's address when it is at the company's town, that town otherwise. */
function jobAddress(job: Job, company: CompanySettings) {
  const atCompany = job.location.trim().toLowerCase() === company.city.trim().toLowerCase();
  return atCompany
    ? {
        '@type': 'PostalAddress',
        streetAddress: company.street,
        postalCode: company.postalCode,
        addressLocality: company.city,
        addressCountry: company.countryCode,
      }
    : { '@type': 'PostalAddress', addressLocality: job.location.trim(), addressCountry: company.countryCode };
}

/**
 * schema.org JobPosting structured data, so that job search engines list the job: the fields
 * Google requires (title, description, datePosted, hiringOrganization, jobLocation) and those it
 * recommends (validThrough, employmentType).
 */
export function jobPostingJsonLd(
  job: Job,
  lang: SiteLanguage,
  jobTexts: Texts,
  company: CompanySettings,
  siteUrl: string,
): string {
  const language = contentLanguageOf(lang);
  const values = sharedPlaceholderValues(company);
  const heading = (key: string) => fillPlaceholders(textAt(jobTexts, `detail.${key}`) ?? key, values);
  const sections: [string, string][] = [
    ['tasks', pickText(job.tasks, language)],
    ['profile', pickText(job.profile, language)],
    ['offer', pickText(job.offer, language)],
    ['howToApply', pickText(job.howToApply, language)],
  ];
  const description = sections
    .filter(([, value]) => value.trim())
    .map(([key, value]) => `<h2>${escapeHtml(heading(key))}</h2>${htmlLines(value)}`)
    .join('');
  const title = pickText(job.title, language);
  const data = {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title,
    description: description || `<p>${escapeHtml(title)}</p>`,
    identifier: { '@type': 'PropertyValue', name: company.name, value: String(job.id) },
    datePosted: job.createdAt.slice(0, 10),
    ...(job.validThrough ? { validThrough: berlinEndOfDay(job.validThrough) } : {}),
    employmentType: job.employmentType === 'APPRENTICESHIP' ? 'OTHER' : job.employmentType,
    ...(job.startDate ? { jobStartDate: job.startDate } : {}),
    hiringOrganization: {
      '@type': 'Organization',
      name: company.name,
      sameAs: siteUrl,
      logo: new URL('/icon-512.png', siteUrl).href,
    },
    jobLocation: { '@type': 'Place', address: jobAddress(job, company) },
    url: pageUrl(jobPath(job.id), lang, siteUrl),
  };
  // '<' escaped, so that no text can close the script element.
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}

/** A job's page's own head: title and description for search engines, its address in both languages, its JobPosting. */
export function jobHead(
  job: Job,
  lang: SiteLanguage,
  texts: { common: Texts; jobs: Texts },
  company: CompanySettings,
  siteUrl: string,
): string[] {
  const language = contentLanguageOf(lang);
  const jobTitle = pickText(job.title, language);
  const template = textAt(texts.common, 'meta.jobDetail.titleWithJob') ?? '{{jobTitle}} | {{companyName}}';
  const title = fillPlaceholders(template, { ...sharedPlaceholderValues(company), jobTitle });
  const description = textExcerpt(`${jobTitle}, ${job.location}. ${pickText(job.tasks, language)}`);
  const address = (l: SiteLanguage) => pageUrl(jobPath(job.id), l, siteUrl);
  return [
    ...ownPageHead({ title, description, address, lang, ogType: 'website', ogTitle: jobTitle }),
    jobPostingJsonLd(job, lang, texts.jobs, company, siteUrl),
  ];
}

/**
 * The jobs page per address (/jobs?q=… is the search form's answer without JavaScript: the page
 * filters the list by the query in its address) and a job's page, both rendered with the jobs a
 * visitor may see. Kept per content version and Berlin day, so an edit shows on the next request
 * and an expired job disappears at midnight. A job a visitor may not see leads to the jobs page.
 */
export function jobPageFillers(deps: PageFillerDeps, renderer: PageRenderer): { jobs: PageFiller; job: PageFiller } {
  return {
    jobs: {
      version: () => jobsVersion(deps),
      async fill(_request, lang, prerendered, url, content, extra) {
        const language = contentLanguageOf(lang);
        const { value: list } = await readJobPage(deps, { PageLength: 100, PageNumber: 1, Language: language });
        const html = await renderer.render(
          prerendered,
          'jobs',
          url,
          lang,
          { ...extra, [apiUrl(apiRoutes.jobs.boardPath(language))]: list },
          content,
        );
        return { html: html ?? prerendered, rendered: html !== undefined };
      },
    },

    job: {
      version: () => jobsVersion(deps),
      async fill(_request, lang, prerendered, url, content, extra) {
        const back = new URL(url, 'http://x').searchParams.has('lang') ? `/jobs?lang=${lang}` : '/jobs';
        const id = pageIdOf(url);
        if (!/^\d{1,10}$/.test(id) || Number(id) < 1 || Number(id) > 2_147_483_647) return { redirect: back };
        const language = contentLanguageOf(lang);
        let job: Job;
        try {
          job = (await readJob(deps, Number(id), language)).value;
        } catch (error) {
          if (error instanceof HttpError && error.status === 404) return { redirect: back };
          throw error;
        }
        const html = await renderer.render(
          prerendered,
          'job',
          url,
          lang,
          { ...extra, [apiUrl(apiRoutes.jobs.onePath(job.id))]: job },
          content,
        );
        return {
          html: replaceHead(
            html ?? prerendered,
            jobHead(
              job,
              lang,
              { common: content.render.texts['common'] ?? {}, jobs: content.render.texts['JobsPage'] ?? {} },
              content.render.company,
              content.origin,
            ),
          ),
          rendered: html !== undefined,
        };
      },
    },
  };
}
