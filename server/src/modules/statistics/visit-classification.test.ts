import { describe, expect, it } from 'vitest';
import { campaignValue, countedPath, deviceClassOf, exclusionOf, referrerSourceOf, sourceOf } from './visit-classification';

const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

describe('device class from the user agent', () => {
  it.each([
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'phone',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
      'phone',
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'tablet',
    ],
    ['Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36', 'tablet'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0',
      'desktop',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'desktop',
    ],
    [firefox, 'desktop'],
    ['', 'desktop'],
  ])('%s → %s', (userAgent, device) => {
    expect(deviceClassOf(userAgent)).toBe(device);
  });
});

describe('source of a visit', () => {
  const own = ['www.blitzschutz.example', '127.0.0.1'];

  it('names the referring host without www., and the site itself, none or an unreadable one as direct', () => {
    expect(referrerSourceOf('https://www.google.com/search?q=x', own)).toBe('google.com');
    expect(referrerSourceOf(`https://${'a'.repeat(60)}.${'b'.repeat(60)}.example/`, own)).toHaveLength(100);
    expect(referrerSourceOf('https://WWW.Bing.COM/', own)).toBe('bing.com');
    expect(referrerSourceOf('https://verband.example/mitglieder/a-z', own)).toBe('verband.example');
    expect(referrerSourceOf('https://www.blitzschutz.example/Projects', own)).toBe('direct');
    expect(referrerSourceOf('https://blitzschutz.example/', own)).toBe('direct');
    expect(referrerSourceOf('http://127.0.0.1:3000/', own)).toBe('direct');
    expect(referrerSourceOf(undefined, own)).toBe('direct');
    expect(referrerSourceOf('', own)).toBe('direct');
    expect(referrerSourceOf('not a url', own)).toBe('direct');
    expect(referrerSourceOf('android-app://com.google.android.gm/', own)).toBe('direct');
  });

  it('takes utm_source before the referrer, and utm_campaign as it is, cleaned', () => {
    expect(sourceOf({ utm_source: 'Flyer', utm_campaign: 'Messe 2026' }, 'https://google.com/', own)).toEqual({
      source: 'flyer',
      campaign: 'messe 2026',
    });
    expect(sourceOf({ utm_campaign: 'herbst' }, 'https://google.com/', own)).toEqual({
      source: 'google.com',
      campaign: 'herbst',
    });
    expect(sourceOf({ utm_source: ['a', 'b'] }, undefined, own)).toEqual({ source: 'a', campaign: '' });
    expect(sourceOf({ utm_source: '  ' }, undefined, own)).toEqual({ source: 'direct', campaign: '' });
    expect(campaignValue('x\u0000y\u001b')).toBe('xy');
    expect(campaignValue('z'.repeat(500))).toHaveLength(100);
    expect(campaignValue({ nested: 1 })).toBe('');
  });

  it('counts a page by its route with the id, never the query', () => {
    expect(countedPath('/project/:id', { id: '12' })).toBe('/project/12');
    expect(countedPath('/project/:id', { id: '00012' })).toBe('/project/12');
    expect(countedPath('/Projects', {})).toBe('/Projects');
  });
});

describe('requests not counted', () => {
  const browser = { 'user-agent': firefox };

  it.each([
    [{ 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }, 'bot'],
    [{ 'user-agent': 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)' }, 'bot'],
    [{ 'user-agent': 'curl/8.5.0' }, 'bot'],
    [{}, 'bot'],
    [{ ...browser, 'sec-purpose': 'prefetch' }, 'prefetch'],
    [{ ...browser, 'sec-purpose': 'prefetch;prerender' }, 'prefetch'],
    [{ ...browser, purpose: 'prefetch' }, 'prefetch'],
    [{ ...browser, 'x-moz': 'prefetch' }, 'prefetch'],
    [{ ...browser, 'sec-gpc': '1' }, 'gpc'],
    [{ ...browser, dnt: '1' }, 'dnt'],
  ])('%o: %s', (headers, reason) => {
    expect(exclusionOf(headers, {})).toBe(reason);
  });

  it('excludes a visitor who objected, and counts a browser otherwise (DNT: 0 too)', () => {
    expect(exclusionOf(browser, { 'statistics-opt-out': '1' })).toBe('opt-out');
    expect(exclusionOf({ ...browser, dnt: '0', 'sec-gpc': '0' }, {})).toBeUndefined();
    expect(exclusionOf(browser, {})).toBeUndefined();
  });
});
