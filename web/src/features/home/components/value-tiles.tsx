import { useTranslation } from 'react-i18next';
import { IconCalendarCheck, IconDividers, IconHardHat, IconMedal } from '../../../components/icons';

const values = [
  { key: 'quality', Icon: IconMedal },
  { key: 'competence', Icon: IconDividers },
  { key: 'safety', Icon: IconHardHat },
  { key: 'reliability', Icon: IconCalendarCheck },
] as const;

/** Four tiles: quality, competence, safety, reliability. */
export function ValueTiles() {
  const { t } = useTranslation('homepage');
  return (
    <section aria-labelledby="values-heading" className="bg-brand-50">
      <div className="mx-auto max-w-7xl px-4 py-16 md:py-20">
        <h2 id="values-heading" className="text-3xl font-bold tracking-tight text-brand-900 md:text-4xl">
          {t('values.heading')}
        </h2>
        <ul className="mt-10 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {values.map(({ key, Icon }) => (
            <li key={key} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-brand-100">
              <span className="inline-flex h-12 w-12 items-center justify-center rounded-lg bg-brand-900 text-accent-400">
                <Icon className="h-6 w-6" />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-brand-900">{t(`values.${key}.title`)}</h3>
              <p className="mt-2 leading-relaxed text-slate-700">{t(`values.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
