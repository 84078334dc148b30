import { describe, expect, it } from 'vitest';
import { categoryLimits } from '@blitz/contract';
import { planImport } from './import-plan';
import { fixtureExport } from './wordpress-import.test-kit';
import { parseWxr } from './wxr';

describe('the import plan of the fixture', () => {
  it('clips a category name to what the dashboard takes back, so the category made can be edited there', async () => {
    // A WordPress category name may be 200 characters; ours at most 100.
    const long = `Kirchen und Kapellen im Main-Kinzig-Kreis ${'sowie Denkmäler '.repeat(10)}`.trim();
    const exported = await parseWxr(fixtureExport.split('<![CDATA[Kirchen]]>').join(`<![CDATA[${long}]]>`));
    const church = planImport(exported, { categories: [], postTypes: [] }).posts.find((p) => p.title.includes('Stadtkirche'))!;
    expect(long.length).toBeGreaterThan(categoryLimits.nameMaxLength);
    expect(church.category).toBe(long.slice(0, categoryLimits.nameMaxLength).trim());
  });
});
