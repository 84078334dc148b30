import { describe, expect, it } from 'vitest';
import { firstOfGroups, groupByPage, searchTexts } from './text-groups';
import { entry, state } from './test-entries';

const slogan = entry(
  'homepage',
  'hero.slogan',
  state('Wir leiten Blitze sicher in die Erde.'),
  state('We conduct lightning safely.'),
);
const cable = entry(
  'homepage',
  'stats.labels.groundingCable',
  state('Verlegte Erdungs\u00adleitungen (m)'),
  state('Grounding cable laid (m)'),
);
const title = entry(
  'common',
  'meta.home.title',
  state('Blitzschutz'),
  state('Lightning protection', { published: 'Surge shield' }),
);
const submit = entry('contact', 'submit', state('Senden', { hasDraft: true, draft: 'Jetzt abschicken' }), state('Send'));
const bullets = entry(
  'servicespage',
  'items.0.points',
  state('Fangstangen\nAbleitungen'),
  state('Air terminals\nDown conductors'),
  true,
);
const all = [submit, slogan, bullets, title, cable];

describe('grouping the texts by page', () => {
  it('keeps the contract’s page order and each file’s order, and leaves out empty pages', () => {
    const groups = groupByPage(all);
    expect(groups.map((g) => g.namespace)).toEqual(['common', 'homepage', 'servicespage', 'contact']);
    expect(groups[1]!.entries.map((e) => e.key)).toEqual(['hero.slogan', 'stats.labels.groundingCable']);
    expect(groupByPage([])).toEqual([]);
  });

  it('shows the first texts of the groups up to a limit, in groups', () => {
    const groups = groupByPage(all);
    const shown = firstOfGroups(groups, 2);
    expect(shown.map((g) => [g.namespace, g.entries.length])).toEqual([
      ['common', 1],
      ['homepage', 1],
    ]);
    expect(firstOfGroups(groups, 100).flatMap((g) => g.entries)).toHaveLength(all.length);
    expect(firstOfGroups(groups, 0)).toEqual([]);
  });
});

describe('searching the texts', () => {
  const keys = (query: string) => searchTexts(all, query).map((e) => e.key);

  it('finds keys, German and English defaults, ignoring case', () => {
    expect(keys('HERO.slo')).toEqual(['hero.slogan']);
    expect(keys('blitze sicher')).toEqual(['hero.slogan']);
    expect(keys('LIGHTNING')).toEqual(['hero.slogan', 'meta.home.title']);
    expect(keys('down conductors')).toEqual(['items.0.points']);
  });

  it('finds published texts and drafts', () => {
    expect(keys('surge')).toEqual(['meta.home.title']);
    expect(keys('abschicken')).toEqual(['submit']);
  });

  it('finds a word with a soft hyphen inside, and keeps all for an empty query', () => {
    expect(keys('erdungsleitungen')).toEqual(['stats.labels.groundingCable']);
    expect(keys('  ')).toHaveLength(all.length);
    expect(keys('nowhere to be found')).toEqual([]);
  });
});
