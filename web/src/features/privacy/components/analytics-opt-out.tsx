import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** localStorage key of the visitor's objection to web analytics (the privacy policy names it). */
export const analyticsOptOutKey = 'analyticsOptOut';

/**
 * The web-analytics opt-out of the imprint (SPEC.md §2): the site runs no analytics, but a visitor
 * can object in advance; the objection is kept in this browser and confirmed on the page.
 */
export function AnalyticsOptOut() {
  const { t } = useTranslation('ImprintPage');
  const [optedOut, setOptedOut] = useState(false);

  // Read after hydration: the prerendered page does not know this browser's choice.
  useEffect(() => {
    try {
      setOptedOut(window.localStorage.getItem(analyticsOptOutKey) === 'true');
    } catch {
      // Storage blocked: nothing was stored either.
    }
  }, []);

  function optOut() {
    try {
      window.localStorage.setItem(analyticsOptOutKey, 'true');
    } catch {
      // Without storage the objection cannot outlive this page; it is still confirmed.
    }
    setOptedOut(true);
  }

  return (
    <div>
      <p className="leading-relaxed text-slate-700">{t('optOut.text')}</p>
      <p className="mt-4" role="status">
        {optedOut ? (
          <span className="inline-block rounded-md bg-green-50 px-4 py-3 font-medium text-green-900 ring-1 ring-green-200">
            {t('optOut.confirmation')}
          </span>
        ) : null}
      </p>
      {!optedOut && (
        <a
          href="#analytics-opt-out"
          onClick={(event) => {
            event.preventDefault();
            optOut();
          }}
          className="link font-semibold"
        >
          {t('optOut.linkLabel')}
        </a>
      )}
    </div>
  );
}
