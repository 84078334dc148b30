import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

// Checked by the type check (tsc -p web), not at run time: a key that is not in the German texts
// must not compile (i18next.d.ts). Should the typing be lost, the @ts-expect-error lines fail it.
describe('the texts’ keys', () => {
  it('are typed: a missing key or scope is a type error', () => {
    const t = i18next.getFixedT('de', 'common');
    const jobs = i18next.getFixedT('de', 'JobsPage');
    // @ts-expect-error: no such key in common.json
    const missing = () => t('missing.key');
    // @ts-expect-error: a key of another scope
    const elsewhere = () => jobs('nav.home');
    const known = () => [t('nav.home'), jobs('detail.back'), t('meta.projectDetail.titleWithProject', { projectTitle: 'x' })];
    expect([missing, elsewhere, known].every((f) => typeof f === 'function')).toBe(true);
  });
});
