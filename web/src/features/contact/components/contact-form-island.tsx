import { useTranslation } from 'react-i18next';
import { matchPath, useLocation } from 'react-router';
import {
  type ContactFormState,
  type Job,
  contactFormAnchor,
  contentLanguageOf,
  pages,
  pickText,
  contactFormStateKey,
  inquiryReferenceParam,
  inquirySentParam,
  inquirySubjectParam,
  inquirySubjects,
  apiRoutes,
  apiUrl,
  applicationConsentTexts,
  applicationConsentVersion,
} from '@blitz/contract';
import { usePageData } from '../../../lib/ssr/page-data';
import { useSiteContent } from '../../../lib/ssr/site-content';
import { AddedFields } from './added-fields';
import { ContactForm, type ContactFormProps } from './contact-form';

/** The element the island runtime hydrates (islands/main.ts), with the props it hydrates with. */
export const contactIsland = { id: contactFormAnchor, name: 'contact-form' } as const;

/**
 * The footer's contact form as an island: the server renders it into every page with the props
 * it was rendered with beside it (data-props), so that its script, loaded on the first
 * interaction, hydrates exactly this markup and nothing else of the page.
 */
export function ContactFormIsland() {
  const state = usePageData<ContactFormState>(contactFormStateKey);
  // The form as staff shaped it (issue 44), carried in the props the island hydrates with.
  const { inquiryForm } = useSiteContent();
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  // ?subject=application (a job's apply link) chooses the subject, in the HTML itself: no script needed.
  const subject = (inquiryForm?.types.map((t) => t.key) ?? inquirySubjects).find((s) => s === params.get(inquirySubjectParam));
  // On a job's page the apply link (?subject=application) applies for that job: the form names it.
  const { i18n } = useTranslation();
  const jobId = matchPath(pages.job.path, pathname)?.params['id'];
  const job = usePageData<Job>(jobId ? apiUrl(apiRoutes.jobs.onePath(jobId)) : '');
  const applyingFor =
    subject === 'application' && job
      ? { id: job.id, title: pickText(job.title, contentLanguageOf(i18n.language === 'en' ? 'en' : 'de')) }
      : undefined;
  params.delete(inquirySentParam);
  params.delete(inquiryReferenceParam);
  const query = params.toString();
  const props: ContactFormProps = {
    state,
    returnTo: query ? `${pathname}?${query}` : pathname,
    consentText: applicationConsentTexts[applicationConsentVersion][i18n.language === 'en' ? 'en' : 'de'],
    ...(subject ? { subject } : {}),
    ...(applyingFor ? { job: applyingFor } : {}),
    ...(inquiryForm ? { form: inquiryForm } : {}),
  };
  return (
    <div id={contactIsland.id} className="scroll-mt-24" data-island={contactIsland.name} data-props={JSON.stringify(props)}>
      <ContactForm {...props} addedFields={inquiryForm && <AddedFields form={inquiryForm} state={state} />} />
    </div>
  );
}
