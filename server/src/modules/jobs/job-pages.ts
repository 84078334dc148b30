import { type Job, applicationsAddressKey, berlinDate, contentLanguageOf, apiRoutes, apiUrl } from '@blitz/contract';
import { HttpError } from '../../lib/http-error';
import type { PageRenderer } from '../pages/page-renderer';
import { pageIdOf } from '../pages/page-cache';
import type { PageFillerDeps } from '../registry/site-module';
import type { PageFiller } from '../pages/page-filler';
import { getMailSettings } from '../mail-settings/mail-settings.service';
import { readJob, readJobPage } from './job-reads';

/** The jobs a visitor may see change with an edit (the content version) and at midnight in Berlin (valid-through). */
async function jobsVersion(deps: PageFillerDeps): Promise<string> {
  return `${await deps.contentReads.version()}-${berlinDate()}`;
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
        // Where applications go (a save of the mail settings changes the content version).
        const [applicationsAddress] = (await getMailSettings(deps.db, deps.config)).recipients.application;
        const html = await renderer.render(
          prerendered,
          'jobs',
          url,
          lang,
          { ...extra, [apiUrl(apiRoutes.jobs.boardPath(language))]: list, [applicationsAddressKey]: applicationsAddress },
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
        return { html: html ?? prerendered, rendered: html !== undefined };
      },
    },
  };
}
