import type { IncomingHttpHeaders } from 'node:http';
import { isbot } from 'isbot';
import { type DeviceClass, directSource } from '@blitz/contract';

/** The cookie that holds a visitor's objection to being counted (the imprint's opt-out), and nothing else. */
export const optOutCookieName = 'statistics-opt-out';

const header = (headers: IncomingHttpHeaders, name: string): string => {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
};

/**
 * Why a page request is not counted, or undefined when it is: crawlers and other bots (the
 * `isbot` list, and no user agent at all), prefetches and prerenders (the browser's guess, not a
 * visit), and every visitor who asked not to be tracked (Sec-GPC, DNT, the opt-out cookie).
 */
export function exclusionOf(headers: IncomingHttpHeaders, cookies: Record<string, string | undefined>): string | undefined {
  const userAgent = header(headers, 'user-agent');
  if (userAgent === '' || isbot(userAgent)) return 'bot';
  const purpose = `${header(headers, 'sec-purpose')} ${header(headers, 'purpose')} ${header(headers, 'x-moz')}`.toLowerCase();
  if (/prefetch|prerender/.test(purpose)) return 'prefetch';
  if (header(headers, 'sec-gpc').trim() === '1') return 'gpc';
  if (header(headers, 'dnt').trim() === '1') return 'dnt';
  if (cookies[optOutCookieName] !== undefined) return 'opt-out';
  return undefined;
}

/** Phone, tablet or desktop, from the user agent (tablets first: an Android tablet says "Android" without "Mobile"). */
export function deviceClassOf(userAgent: string): DeviceClass {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone|Opera Mini/i.test(userAgent)) return 'phone';
  return 'desktop';
}

/** An http(s) address as a URL; undefined for none, an unreadable one or another scheme. */
export function webAddress(address: string | undefined): URL | undefined {
  if (!address) return undefined;
  try {
    const url = new URL(address);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** The longest source or campaign counted: they are free text (decision 025). */
const sourceMaxLength = 100;

/** The referring site's host without `www.`; `direct` for none, an unreadable one, or the site's own host. */
export function referrerSourceOf(referrer: string | undefined, ownHosts: readonly string[]): string {
  const url = webAddress(referrer);
  if (!url) return directSource;
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  if (host === '' || ownHosts.some((own) => own.toLowerCase().replace(/^www\./, '') === host)) return directSource;
  return host.slice(0, sourceMaxLength);
}

/** A `utm_*` value as counted: trimmed, lower case, control characters out, at most 100 characters; '' for none. */
export function campaignValue(value: unknown): string {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first !== 'string') return '';
  return (
    first
      // eslint-disable-next-line no-control-regex -- control characters are never part of a campaign's name
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .trim()
      .toLowerCase()
      .slice(0, sourceMaxLength)
  );
}

/** Where a visit came from: the campaign's `utm_source` first (a flyer's QR code), else the referring site. */
export function sourceOf(
  query: Record<string, unknown>,
  referrer: string | undefined,
  ownHosts: readonly string[],
): { source: string; campaign: string } {
  const utmSource = campaignValue(query['utm_source']);
  return { source: utmSource || referrerSourceOf(referrer, ownHosts), campaign: campaignValue(query['utm_campaign']) };
}

/**
 * A page's counted path: its route with the id filled in (`/project/12`), never the query; an id
 * of digits as its number (`/project/00012` is the same page).
 */
export function countedPath(route: string, params: Record<string, unknown>): string {
  const value = (name: string) => {
    const id = String(params[name] ?? '');
    return /^\d+$/.test(id) ? String(Number(id)) : id;
  };
  return route.replace(/:(\w+)/g, (_match, name: string) => value(name)).slice(0, 200);
}
