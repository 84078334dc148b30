import { matchPath as reactRouterMatchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pages } from '@blitz/contract';
import { matchPath } from './router';

describe("the admin runtime's matchPath", () => {
  it('matches every page of the route table as React Router does, case-insensitively, with the parameters', () => {
    const addresses = [
      '/',
      '',
      '/jobs',
      '/JOBS/',
      '/jobs/12',
      '/jobs/12/x',
      '/project/7',
      '/Project/abc',
      '/login',
      '/dashboard',
      '/dashboard/x',
      '/x',
    ];
    for (const page of Object.values(pages)) {
      for (const address of addresses) {
        const pattern = { path: page.path, caseSensitive: false, end: true };
        const ours = matchPath(pattern, address);
        const theirs = reactRouterMatchPath(pattern, address);
        expect(Boolean(ours), `${page.path} ${address}`).toBe(Boolean(theirs));
        if (ours && theirs) expect(ours.params, `${page.path} ${address}`).toEqual({ ...theirs.params });
      }
    }
  });
});
