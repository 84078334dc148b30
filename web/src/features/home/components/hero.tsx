import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import buildingArt from '../../../assets/illustrations/lightning-protection-building.svg?no-inline';
import { IconArrowRight } from '../../../components/icons';
import { paths } from '../../../config/paths';

/** The hero: slogan, what the company does, and the way to get in touch; the navbar lies over it. */
export function Hero() {
  const { t } = useTranslation('homepage');
  return (
    <section className="surface-dark relative overflow-hidden bg-brand-950 text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(47,103,176,0.45),transparent_60%)]"
      />
      <div className="relative mx-auto grid max-w-7xl grid-cols-1 items-center gap-12 px-4 pt-32 pb-16 md:pt-40 md:pb-24 lg:grid-cols-[1.1fr_1fr]">
        <div>
          <p className="text-sm font-semibold tracking-widest text-accent-300 uppercase">{t('hero.kicker')}</p>
          <h1 className="mt-4 text-4xl leading-[1.1] font-bold tracking-tight sm:text-5xl lg:text-6xl">{t('hero.slogan')}</h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-brand-100">{t('hero.subline')}</p>
          <div className="mt-9 flex flex-wrap gap-3">
            <Link
              to={paths.contactus}
              className="inline-flex items-center gap-2 rounded-md bg-accent-400 px-6 py-3 font-semibold text-brand-950 shadow-lg shadow-black/20 hover:bg-accent-300"
            >
              {t('hero.contactButton')}
              <IconArrowRight className="h-5 w-5" />
            </Link>
            <Link
              to={paths.services}
              className="inline-flex items-center rounded-md px-6 py-3 font-semibold text-white ring-1 ring-white/40 hover:bg-white/10"
            >
              {t('hero.servicesButton')}
            </Link>
          </div>
        </div>
        {/* Decorative here (the same picture is described where it explains something); from wide screens up only. */}
        <img
          src={buildingArt}
          alt=""
          width="640"
          height="440"
          loading="lazy"
          decoding="async"
          className="hidden w-full rounded-2xl shadow-2xl ring-1 shadow-black/40 ring-white/10 lg:block"
        />
      </div>
    </section>
  );
}
