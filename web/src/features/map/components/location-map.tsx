import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { company } from '@blitz/contract';
import mapArt from '../../../assets/illustrations/map-placeholder.svg?no-inline';
import { ExternalLink } from '../../../components/external-link';
import { IconExternal, IconMapPin } from '../../../components/icons';
import { paths } from '../../../config/paths';
import { hasRememberedMapConsent, rememberMapConsent } from '../map-consent';

const buttonBase = 'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2.5 text-sm font-semibold';

/**
 * The company's location on OpenStreetMap, behind a two-click consent: until the visitor agrees,
 * nothing is requested from OpenStreetMap (the page's CSP allows its frame only on map pages).
 * The choice may be remembered in localStorage; "hide the map" forgets it again.
 */
export function LocationMap({ className = '' }: { className?: string }) {
  const { t } = useTranslation('common');
  const [consented, setConsented] = useState(false);
  const [remember, setRemember] = useState(false);
  const focusFrame = useRef(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const rememberId = useId();
  const headingId = useId();

  // Read after hydration: the prerendered HTML always shows the consent placeholder.
  useEffect(() => {
    if (hasRememberedMapConsent()) setConsented(true);
  }, []);

  useEffect(() => {
    if (consented && focusFrame.current) frame.current?.focus();
    focusFrame.current = false;
  }, [consented]);

  function load() {
    if (remember) rememberMapConsent(true);
    focusFrame.current = true;
    setConsented(true);
  }

  function hide() {
    rememberMapConsent(false);
    setRemember(false);
    setConsented(false);
  }

  return (
    <div className={className}>
      <div className="relative h-[26rem] overflow-hidden rounded-xl bg-brand-50 ring-1 ring-brand-100 md:h-auto md:min-h-[24rem] md:aspect-[16/10]">
        {consented ? (
          <iframe
            ref={frame}
            src={company.map.embedUrl}
            title={t('map.iframeTitle')}
            className="absolute inset-0 h-full w-full border-0"
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <div className="absolute inset-0 flex items-center justify-center p-4" role="group" aria-labelledby={headingId}>
            <img
              src={mapArt}
              alt=""
              width="800"
              height="500"
              loading="lazy"
              decoding="async"
              className="absolute inset-0 h-full w-full object-cover"
            />
            <div className="relative max-w-md rounded-lg bg-white/95 p-5 text-sm leading-relaxed text-slate-700 shadow-xl ring-1 ring-brand-100">
              <p id={headingId} className="flex items-center gap-2 text-base font-semibold text-brand-900">
                <IconMapPin className="h-5 w-5 text-brand-600" />
                {t('map.consent.heading')}
              </p>
              <p className="mt-2">
                {t('map.consent.text')}{' '}
                <Link to={`${paths.impressum}#map`} className="link">
                  {t('map.consent.privacyLink')}
                </Link>
              </p>
              <div className="mt-3 flex items-center gap-2">
                <input
                  id={rememberId}
                  type="checkbox"
                  className="h-4 w-4 accent-brand-700"
                  checked={remember}
                  onChange={(event) => setRemember(event.target.checked)}
                />
                <label htmlFor={rememberId}>{t('map.consent.remember')}</label>
              </div>
              <div className="mt-4 flex flex-wrap gap-2">
                <button type="button" onClick={load} className={`${buttonBase} bg-brand-800 text-white hover:bg-brand-900`}>
                  {t('map.consent.loadButton')}
                </button>
                <ExternalLink
                  href={company.map.linkUrl}
                  className={`${buttonBase} text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50`}
                >
                  {t('map.consent.openInNewTab')}
                  <IconExternal className="h-4 w-4" />
                </ExternalLink>
              </div>
            </div>
          </div>
        )}
      </div>
      {consented && (
        <div className="mt-3 flex flex-wrap justify-between gap-2 text-sm">
          <ExternalLink href={company.map.linkUrl} className="link inline-flex items-center gap-1">
            {t('map.consent.openInNewTab')}
            <IconExternal className="h-4 w-4" />
          </ExternalLink>
          <button type="button" onClick={hide} className="link">
            {t('map.hide')}
          </button>
        </div>
      )}
    </div>
  );
}
