import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { mapUrls } from '@blitz/contract';
import mapArt from '../../../assets/illustrations/map-placeholder.svg?no-inline';
import { ExternalLink } from '../../../components/external-link';
import { IconExternal, IconMapPin } from '../../../components/icons';
import { paths } from '../../../config/paths';
import { useCompany } from '../../../lib/ssr/site-content';

const buttonBase = 'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2.5 text-sm font-semibold';

/**
 * The company's location on OpenStreetMap, behind a two-click consent: until the visitor agrees,
 * nothing is requested from OpenStreetMap (the page's CSP allows its frame only on map pages).
 * Without JavaScript the box offers the map as a link to open in a new tab; the page script
 * (islands/map-consent.ts) adds loading it here, remembering the choice and hiding it again.
 */
export function LocationMap({ className = '' }: { className?: string }) {
  const { t } = useTranslation('common');
  const { latitude, longitude } = useCompany().map;
  const { embedUrl, linkUrl } = mapUrls(latitude, longitude);
  return (
    <div id="location-map" className={className} data-map={embedUrl} data-map-title={t('map.iframeTitle')}>
      <div
        data-map-frame
        className="relative h-[26rem] overflow-hidden rounded-xl bg-brand-50 ring-1 ring-brand-100 md:h-auto md:min-h-[24rem] md:aspect-[16/10]"
      >
        <div
          data-map-consent
          className="absolute inset-0 flex items-center justify-center p-4"
          role="group"
          aria-labelledby="map-consent-heading"
        >
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
            <p id="map-consent-heading" className="flex items-center gap-2 text-base font-semibold text-brand-900">
              <IconMapPin className="h-5 w-5 text-brand-600" />
              {t('map.consent.heading')}
            </p>
            <p className="mt-2">
              {t('map.consent.text')}{' '}
              <Link to={`${paths.impressum}#map`} className="link">
                {t('map.consent.privacyLink')}
              </Link>
            </p>
            <div className="js-only mt-3 flex items-center gap-2">
              <input id="map-consent-remember" type="checkbox" className="h-4 w-4 accent-brand-700" data-map-remember />
              <label htmlFor="map-consent-remember">{t('map.consent.remember')}</label>
            </div>
            <div className="mt-4 flex flex-wrap gap-2">
              <button
                type="button"
                data-map-load
                data-early-click
                className={`js-only ${buttonBase} bg-brand-800 text-white hover:bg-brand-900`}
              >
                {t('map.consent.loadButton')}
              </button>
              <ExternalLink href={linkUrl} className={`${buttonBase} text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50`}>
                {t('map.consent.openInNewTab')}
                <IconExternal className="h-4 w-4" />
              </ExternalLink>
            </div>
          </div>
        </div>
      </div>
      <div data-map-shown hidden className="mt-3 flex flex-wrap justify-between gap-2 text-sm">
        <ExternalLink href={linkUrl} className="link inline-flex items-center gap-1">
          {t('map.consent.openInNewTab')}
          <IconExternal className="h-4 w-4" />
        </ExternalLink>
        <button type="button" data-map-hide className="link">
          {t('map.hide')}
        </button>
      </div>
    </div>
  );
}
