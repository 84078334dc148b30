import { useTranslation } from 'react-i18next';
import { company } from '@blitz/contract';
import { ExternalLink } from '../../../components/external-link';

// The partners' wordmarks, by the `logo` name in the company configuration.
const logos = import.meta.glob<string>('../../../assets/partners/*.svg', { eager: true, import: 'default', query: '?no-inline' });
const logoOf = (name: string) => logos[`../../../assets/partners/${name}.svg`];

/** The partner strip: three external links, shown from medium-width screens up (SPEC.md §2). */
export function PartnerStrip() {
  const { t } = useTranslation('homepage');
  return (
    <section aria-labelledby="partners-heading" className="hidden border-t border-brand-100 bg-white md:block">
      <div className="mx-auto max-w-7xl px-4 py-12">
        <h2 id="partners-heading" className="text-center text-sm font-semibold tracking-widest text-slate-600 uppercase">
          {t('partners.heading')}
        </h2>
        <ul className="mt-8 grid grid-cols-3 items-center gap-8">
          {company.partners.map((partner) => (
            <li key={partner.url} className="flex justify-center">
              <ExternalLink
                href={partner.url}
                className="block rounded-md p-2 opacity-80 grayscale transition hover:opacity-100 hover:grayscale-0"
              >
                <img
                  src={logoOf(partner.logo)}
                  alt={partner.name}
                  width="240"
                  height="64"
                  loading="lazy"
                  decoding="async"
                  className="h-14 w-auto"
                />
              </ExternalLink>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
