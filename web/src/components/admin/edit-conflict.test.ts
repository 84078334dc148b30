import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { conflictChanges } from './edit-conflict';

// Decision 036's stale save, as issue 40 found it: the box listed every field that differed from
// the saved version, the ones the person never touched too, with their stale values.
describe('conflictChanges', () => {
  const fields = ['name', 'titleDe', 'titleEn'] as const;
  const label = (field: string) => `label:${field}`;
  const loaded = { name: 'roofs', titleDe: 'Dächer', titleEn: 'Roofs' };

  it('offers only what this person changed, and names what the colleague changed', () => {
    const typed = { ...loaded, titleDe: 'Dachflächen' };
    const theirs = { ...loaded, titleEn: 'Roof areas', name: 'roof-areas' };
    const error = new ApiError(409, 'edit_conflict', { changedBy: { name: 'erika', at: '2026-11-25T09:00:00.000Z' } });
    expect(conflictChanges(fields, { loaded, typed, theirs }, label, error)).toEqual({
      mine: [{ label: 'label:titleDe', value: 'Dachflächen' }],
      theirs: ['label:name', 'label:titleEn'],
      by: 'erika',
    });
  });

  it('leaves out what both changed alike, what was emptied, and non-text values; names choices given as alsoNamed', () => {
    const base = { ...loaded, featured: false, categoryID: '0' };
    const typed = { ...base, titleDe: 'Dachflächen', titleEn: '  ', featured: true, categoryID: '4' };
    const theirs = { ...base, titleDe: 'Dachflächen', categoryID: '9' };
    expect(
      conflictChanges(['name', 'titleDe', 'titleEn', 'featured'], { loaded: base, typed, theirs }, label, undefined, [
        'categoryID',
      ]),
    ).toEqual({
      mine: [],
      theirs: ['label:titleDe', 'label:categoryID'],
      by: undefined,
    });
  });
});
