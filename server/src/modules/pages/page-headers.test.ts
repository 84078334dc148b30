import { describe, expect, it } from 'vitest';
import type { PageManifest } from '@blitz/contract';
import { pageHeaders } from './page-headers';

const manifest: PageManifest = {
  files: {
    home: { de: 'pages/de/home.html', en: 'pages/en/home.html' },
    dashboard: { de: 'pages/de/dashboard.html', en: 'pages/en/dashboard.html' },
  },
  scriptHashes: ['sha256-redirect='],
  styleHashes: [],
  pageScriptHashes: {
    'pages/de/dashboard.html': ['sha256-redirect=', 'sha256-early='],
    'pages/en/dashboard.html': ['sha256-redirect=', 'sha256-early='],
  },
};
const scriptSrc = (page: 'home' | 'dashboard', lang: 'de' | 'en', from: PageManifest | null = manifest) =>
  /script-src [^;]*/.exec(pageHeaders(page, lang, false, from ?? undefined)['content-security-policy']!)![0];

describe("a page's CSP", () => {
  it("allows a page's own inline scripts (the dashboard's early calls) on that page alone", () => {
    expect(scriptSrc('dashboard', 'de')).toBe("script-src 'self' 'sha256-redirect=' 'sha256-early='");
    expect(scriptSrc('dashboard', 'en')).toBe("script-src 'self' 'sha256-redirect=' 'sha256-early='");
    expect(scriptSrc('home', 'de')).toBe("script-src 'self' 'sha256-redirect='");
  });

  it('allows the shared inline scripts where a build names no page of its own, and none without a build', () => {
    expect(scriptSrc('dashboard', 'de', { ...manifest, pageScriptHashes: undefined })).toBe(
      "script-src 'self' 'sha256-redirect='",
    );
    expect(scriptSrc('dashboard', 'de', null)).toBe("script-src 'self'");
  });
});
