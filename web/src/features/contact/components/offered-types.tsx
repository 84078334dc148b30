import { useTranslation } from 'react-i18next';
import { matchPath, useLocation } from 'react-router';
import { contactFormAnchor, inquirySubjectParam, pageKeys, pages } from '@blitz/contract';
import { useSiteContent } from '../../../lib/ssr/site-content';

/**
 * The inquiry types staff offer on this page (issue 44, `offeredOn`): a button per type that opens
 * the footer form with the type chosen, as a job's apply link chooses an application. A link to
 * the page with `?subject=`: the form is chosen in the page's HTML, no script needed.
 */
export function OfferedInquiryTypes() {
  const { t } = useTranslation('common');
  const { inquiryForm } = useSiteContent();
  const { pathname, search } = useLocation();
  const page = pageKeys.find((key) => matchPath(pages[key].path, pathname));
  const offered = inquiryForm?.types.filter((type) => page && type.offeredOn?.includes(page)) ?? [];
  if (offered.length === 0) return null;
  // The page's language and the type, nothing else of the address (not a send's notice).
  const lang = new URLSearchParams(search).get('lang');
  const linkTo = (key: string) => {
    const params = new URLSearchParams(lang ? { lang } : {});
    params.set(inquirySubjectParam, key);
    return `${pathname}?${params.toString()}#${contactFormAnchor}`;
  };
  return (
    <aside aria-label={t('offeredTypes.label')} className="border-t border-brand-100 bg-brand-50">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-4 px-4 py-8">
        <p className="text-lg font-semibold text-brand-900">{t('offeredTypes.lead')}</p>
        {offered.map((type) => (
          <a
            key={type.key}
            href={linkTo(type.key)}
            className="rounded-md bg-accent-400 px-6 py-3 font-semibold text-brand-950 shadow hover:bg-accent-300"
          >
            {type.name}
          </a>
        ))}
      </div>
    </aside>
  );
}
