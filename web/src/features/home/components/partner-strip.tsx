import { useTranslation } from 'react-i18next';
import { ExternalLink } from '../../../components/external-link';
import { companyPictureSource } from '../../../lib/company-pictures';
import { useCompany } from '../../../lib/ssr/site-content';

/**
 * The partner strip: the partners staff saved, as external links with their logos (a shipped
 * wordmark or an upload), shown from medium-width screens up (SPEC.md §2); none, no strip.
 */
export function PartnerStrip() {
  const { t } = useTranslation('homepage');
  const { partners } = useCompany();
  if (partners.length === 0) return null;
  return (
    <section aria-labelledby="partners-heading" className="hidden border-t border-brand-100 bg-white md:block">
      <div className="mx-auto max-w-7xl px-4 py-12">
        <h2 id="partners-heading" className="text-center text-sm font-semibold tracking-widest text-slate-600 uppercase">
          {t('partners.heading')}
        </h2>
        {/* As many columns of at least 12rem as fit (three on a tablet); fewer partners share the width. */}
        <ul className="mt-8 grid grid-cols-[repeat(auto-fit,minmax(12rem,1fr))] items-center gap-8">
          {partners.map((partner, index) => (
            <li key={index} className="flex justify-center">
              <ExternalLink
                href={partner.url}
                className="block rounded-md p-2 opacity-80 grayscale transition hover:opacity-100 hover:grayscale-0"
              >
                <img
                  src={companyPictureSource(partner.logo)}
                  alt={partner.name}
                  width="240"
                  height="64"
                  loading="lazy"
                  decoding="async"
                  className="h-14 w-auto max-w-full object-contain"
                />
              </ExternalLink>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
