import { describe, expect, it } from 'vitest';
import { type Category, categoryInputSchema } from '@blitz/contract';
import { categoryFormSchema, categoryFormValues, categoryInput } from './category-form';

const category: Category = {
  id: 4,
  name: 'substations',
  translation: [
    { content: 'Umspannwerke', language: 2 },
    { content: 'Substations', language: 1 },
  ],
};

describe('the category form', () => {
  it('opens empty for Add and filled for Edit', () => {
    expect(categoryFormValues()).toEqual({ name: '', titleEn: '', titleDe: '' });
    expect(categoryFormValues(category)).toEqual({ name: 'substations', titleEn: 'Substations', titleDe: 'Umspannwerke' });
  });

  it('requires all three fields, blanks included', () => {
    const result = categoryFormSchema.safeParse({ name: '  ', titleEn: '', titleDe: 'x' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.code])).toEqual([
      ['name', 'too_small'],
      ['titleEn', 'too_small'],
    ]);
  });

  it('sends the name and both titles, trimmed, in the contract’s shape', () => {
    const values = categoryFormSchema.parse({ name: ' roofs ', titleEn: ' Roofs ', titleDe: 'Dächer' });
    const input = categoryInput(values);
    expect(input).toEqual({
      name: 'roofs',
      translation: [
        { content: 'Roofs', language: 1 },
        { content: 'Dächer', language: 2 },
      ],
    });
    expect(categoryInputSchema.safeParse(input).success).toBe(true);
  });
});
