import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRoutes, apiUrl } from '@blitz/contract';
import { LinkifiedText } from '../../../components/linkified-text';
import { PageHeader } from '../../../components/page-header';
import { usePageMeta } from '../../../lib/page-meta';
import { useSiteContent } from '../../../lib/ssr/site-content';
import { translationList } from '../../../lib/i18n/translation-list';

type LegalSection = { id?: string; heading: string; paragraphs: string[] };

function LegalSections({ sections }: { sections: LegalSection[] }) {
  return (
    <div className="mt-8 space-y-9">
      {sections.map((section) => (
        <section key={section.heading} id={section.id} className="scroll-mt-6">
          <h3 className="text-lg font-semibold text-brand-900">{section.heading}</h3>
          {/* Short entries (an address, register data) read as lines; long ones as paragraphs. */}
          <div
            className={`mt-2 leading-relaxed text-slate-700 ${section.paragraphs.every((p) => p.length < 100) ? 'space-y-0.5' : 'space-y-3'}`}
          >
            {section.paragraphs.map((paragraph, index) => (
              <p key={index}>
                <LinkifiedText text={paragraph} />
              </p>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

/** One of the page's three parts, with the anchor the table of contents links to. */
function LegalPart({
  id,
  heading,
  first = false,
  children,
}: {
  id: string;
  heading: string;
  first?: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={first ? 'mt-12' : 'mt-16 border-t border-brand-100 pt-12'}>
      <h2 id={id} className="scroll-mt-6 text-3xl font-bold tracking-tight text-brand-900">
        {heading}
      </h2>
      {children}
    </section>
  );
}

const anchors = [
  { id: 'imprint', label: 'imprint.heading' },
  { id: 'privacy', label: 'privacy.heading' },
  { id: 'analytics-opt-out', label: 'optOut.heading' },
] as const;

export default function ImprintPage() {
  const { t } = useTranslation('ImprintPage');
  usePageMeta('impressum');
  const { sampleCompany } = useSiteContent();
  return (
    <>
      <PageHeader title={t('title')} />
      <div className="mx-auto max-w-7xl px-4 py-12 md:py-16">
        <div className="grid grid-cols-1 gap-12 lg:grid-cols-[16rem_1fr]">
          <nav aria-labelledby="toc-label" className="lg:sticky lg:top-6 lg:self-start">
            <p id="toc-label" className="text-sm font-semibold tracking-widest text-slate-600 uppercase">
              {t('toc.label')}
            </p>
            <ul className="mt-3 space-y-2 border-l-2 border-brand-100">
              {anchors.map((anchor) => (
                <li key={anchor.id}>
                  <a
                    href={`#${anchor.id}`}
                    className="-ml-0.5 block border-l-2 border-transparent pl-4 text-brand-700 hover:border-brand-700 hover:text-brand-900"
                  >
                    {t(anchor.label)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div className="max-w-3xl">
            {/* Until staff put the real company in, the page says that its details are a placeholder's. */}
            {sampleCompany && (
              <p className="mb-5 rounded-lg bg-amber-50 p-5 leading-relaxed text-amber-950 ring-1 ring-amber-200">
                {t('placeholderNotice')}
              </p>
            )}
            <p className="text-sm text-slate-600">
              {t('lastUpdated')} · {t('languageNote')}
            </p>
            <LegalPart id="imprint" heading={t('imprint.heading')} first>
              <LegalSections sections={translationList<LegalSection>(t, 'imprint.sections')} />
            </LegalPart>
            <LegalPart id="privacy" heading={t('privacy.heading')}>
              <LegalSections sections={translationList<LegalSection>(t, 'privacy.sections')} />
            </LegalPart>
            <LegalPart id="analytics-opt-out" heading={t('optOut.heading')}>
              {/* The objection is kept as a cookie by the page script (islands/analytics-opt-out.ts), or by the server without it.
                  The page is prerendered and cannot know the cookie: the script shows the link that applies; without it both are shown
                  (the second in <noscript>), so that a page that takes its script does not change as it does. */}
              <div className="mt-6" data-analytics-opt-out>
                <p className="leading-relaxed text-slate-700">{t('optOut.text')}</p>
                <p className="mt-4" role="status">
                  <span
                    data-opt-out-confirmation
                    hidden
                    className="inline-block rounded-md bg-green-50 px-4 py-3 font-medium text-green-900 ring-1 ring-green-200"
                  >
                    {t('optOut.confirmation')}
                  </span>
                </p>
                <p className="flex flex-wrap gap-x-6 gap-y-2">
                  <a href={apiUrl(apiRoutes.statistics.objection)} data-opt-out className="link font-semibold">
                    {t('optOut.linkLabel')}
                  </a>
                  <a
                    href={`${apiUrl(apiRoutes.statistics.objection)}?Withdraw=true`}
                    data-opt-in
                    hidden
                    className="link font-semibold"
                  >
                    {t('optOut.undoLabel')}
                  </a>
                  <noscript>
                    <a href={`${apiUrl(apiRoutes.statistics.objection)}?Withdraw=true`} className="link font-semibold">
                      {t('optOut.undoLabel')}
                    </a>
                  </noscript>
                </p>
              </div>
            </LegalPart>
          </div>
        </div>
      </div>
    </>
  );
}
