import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import surgeArt from '../../../assets/illustrations/surge-protection-cabinet.svg?no-inline';
import { IconArrowRight } from '../../../components/icons';
import { paths } from '../../../config/paths';
import { translationList } from '../../../lib/i18n/translation-list';

type Block = { title: string; text: string };

/** Lightning protection in three blocks: external, internal, grounding; the FAQ explains more. */
export function LightningSection() {
  const { t } = useTranslation('homepage');
  return (
    <section aria-labelledby="lightning-heading" className="surface-dark bg-brand-900 text-white">
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-12 px-4 py-16 md:py-20 lg:grid-cols-[1fr_1.1fr] lg:items-center">
        <div>
          <h2 id="lightning-heading" className="text-3xl font-bold tracking-tight md:text-4xl">
            {t('lightning.heading')}
          </h2>
          <div className="mt-8 space-y-7">
            {translationList<Block>(t, 'lightning.blocks').map((block, index) => (
              <div key={block.title} className="flex gap-4">
                <span
                  className="flex h-9 w-9 flex-none items-center justify-center rounded-full bg-accent-400 font-bold text-brand-950"
                  aria-hidden="true"
                >
                  {index + 1}
                </span>
                <div>
                  <h3 className="text-xl font-semibold">{block.title}</h3>
                  <p className="mt-2 leading-relaxed text-brand-100">{block.text}</p>
                </div>
              </div>
            ))}
          </div>
          <Link
            to={paths.blitzschutz}
            className="mt-9 inline-flex items-center gap-2 font-semibold text-accent-300 underline-offset-4 hover:underline"
          >
            {t('lightning.faqLink')}
            <IconArrowRight className="h-5 w-5" />
          </Link>
        </div>
        <img
          src={surgeArt}
          alt={t('lightning.imageAlt')}
          width="640"
          height="440"
          loading="lazy"
          decoding="async"
          className="w-full rounded-2xl bg-white ring-1 ring-white/10"
        />
      </div>
    </section>
  );
}
