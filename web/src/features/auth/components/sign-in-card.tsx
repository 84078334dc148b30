import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The sign-in page's frame, which the invitation's page shares: the site's name, a card with its heading and intro, then the form. */
export function SignInCard({ heading, intro, children }: { heading: string; intro: string; children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <h1 className="text-center text-3xl font-bold text-brand-900">{t('site.name')}</h1>
      <div className="mt-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h2 className="text-xl font-semibold text-slate-900">{heading}</h2>
        <p className="mt-1 mb-5 text-sm text-slate-600">{intro}</p>
        {children}
      </div>
    </div>
  );
}
