import { describe, expect, it } from 'vitest';
import { sameOriginPath } from './same-origin-path';

const origin = 'https://www.example.de';

describe('sameOriginPath: a return address, kept only when a browser would stay on this site', () => {
  it.each([
    ['/', '/'],
    ['/project/3', '/project/3'],
    ['/jobs/1?subject=application', '/jobs/1?subject=application'],
    ['/Projects?page=9&lang=en', '/Projects?page=9&lang=en'],
    ['/aboutus#contact-form', '/aboutus'],
    ['aboutus', '/aboutus'],
    ['/a/./b/../c', '/a/c'],
    ['https://www.example.de/jobs?q=x', '/jobs?q=x'],
    // Encoded slashes stay encoded: one path segment here, never a host.
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['/%5C%5Cevil.example', '/%5C%5Cevil.example'],
    ['/%2e%2e/aboutus', '/aboutus'],
  ])('%j → %j', (value, path) => {
    expect(sameOriginPath(value, origin)).toBe(path);
  });

  it.each([
    // Dot segments that leave a path beginning with two slashes: another host as a Location.
    '/.//evil.example',
    '/..//evil.example',
    '/%2e//evil.example',
    '/%2E%2E//evil.example',
    '/./\\evil.example',
    '/a/../..//evil.example',
    // Backslashes are slashes to a browser.
    '/\\evil.example',
    '\\\\evil.example',
    '\\/evil.example',
    // Tabs and line breaks are dropped, spaces around trimmed.
    '/\t/evil.example',
    '/\n/evil.example',
    '\t//evil.example',
    ' //evil.example',
    '//evil.example',
    '///evil.example',
    'https://evil.example/',
    'http://www.example.de/',
    'https://www.example.de:8443/',
    'https://www.example.de.evil.example/',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'mailto:a@example.org',
    'http://[::1',
    '',
    undefined,
    ['/'],
  ])('%j is refused', (value) => {
    expect(sameOriginPath(value, origin)).toBeUndefined();
  });

  it('refuses everything when the origin itself is not an address', () => {
    expect(sameOriginPath('/', 'not an origin')).toBeUndefined();
  });
});
