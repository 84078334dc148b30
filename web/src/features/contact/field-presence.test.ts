import { describe, expect, it } from 'vitest';
import { type InquiryForm, shippedInquiryForm } from '@blitz/contract';
import { fieldLabel, fieldPresence } from './field-presence';

const siteWords = { label: 'Firmenname', hint: '' };

/** SPEC.md's form with one type's field changed. */
function shaped(type: string, field: string, change: object): InquiryForm {
  return {
    version: 4,
    types: shippedInquiryForm.types.map((t) =>
      t.key === type ? { ...t, fields: t.fields.map((f) => (f.key === field ? { ...f, ...change } : f)) } : t,
    ),
  };
}

describe('fieldPresence', () => {
  it('shows SPEC.md’s company name for the price inquiry alone, required, and the phone for every type', () => {
    expect(fieldPresence(shippedInquiryForm, 'CompanyName', siteWords)).toEqual({
      shownFor: ['priceInquiry'],
      labels: [{ text: 'Firmenname', required: true, types: ['priceInquiry'] }],
      hints: [],
      alwaysRequired: true,
    });
    expect(fieldPresence(shippedInquiryForm, 'phone', { label: 'Telefon', hint: '' })).toMatchObject({
      shownFor: undefined,
      alwaysRequired: true,
    });
  });

  it('gives each wording the types it is for, and marks the control required only if every type requires it', () => {
    const form = shaped('generalMessage', 'CompanyName', { shown: true, required: false, label: 'Firma oder Gemeinde' });
    expect(fieldPresence(form, 'CompanyName', siteWords)).toEqual({
      shownFor: ['priceInquiry', 'generalMessage'],
      labels: [
        { text: 'Firmenname', required: true, types: ['priceInquiry'] },
        { text: 'Firma oder Gemeinde', required: false, types: ['generalMessage'] },
      ],
      hints: [],
      alwaysRequired: false,
    });
  });

  it('keeps a hint where staff gave one, and hides a field no type shows', () => {
    const form = shaped('priceInquiry', 'BuildingSize', { help: 'Dachfläche in m²' });
    expect(fieldPresence(form, 'BuildingSize', { label: 'Gebäudegröße', hint: 'z. B.' }).hints).toEqual([
      { text: 'Dachfläche in m²', required: false, types: ['priceInquiry'] },
    ]);
    const hidden = shaped('priceInquiry', 'Regards', { shown: false, required: false });
    expect(fieldPresence(hidden, 'Regards', siteWords)).toMatchObject({ shownFor: [], labels: [], alwaysRequired: false });
  });
});

describe('fieldLabel', () => {
  it('names a field by the chosen type’s words, else the site’s own', () => {
    const form = shaped('priceInquiry', 'CompanyName', { label: 'Firma oder Gemeinde' });
    expect(fieldLabel(form, 'priceInquiry', 'CompanyName', 'Firmenname')).toBe('Firma oder Gemeinde');
    expect(fieldLabel(form, 'generalMessage', 'CompanyName', 'Firmenname')).toBe('Firmenname');
    expect(fieldLabel(form, '', 'firstName', 'Vorname')).toBe('Vorname');
  });
});
