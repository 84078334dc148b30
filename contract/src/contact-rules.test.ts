import { describe, expect, it } from 'vitest';
import { type InquiryValues, checkInquiry } from './contact-rules';

const complete: InquiryValues = {
  subject: 'priceInquiry',
  firstName: 'Erika',
  lastName: 'Musterfrau',
  phone: '+49 6181 123456',
  email: 'erika@example.org',
  message: 'Bitte um ein Angebot.',
  CompanyName: 'Beispiel GmbH',
  CompanyAddress: 'Hauptstraße 1, 63450 Hanau',
  BuildingSize: '1200 m²',
  Regards: ['lps'],
};

describe('checkInquiry names the fields in the order the form shows them', () => {
  it('the general fields in SPEC.md §5 order, which is the form’s', () => {
    expect(checkInquiry({ ...complete, subject: '', phone: '', message: '', firstName: ' ' })).toEqual({
      ok: false,
      step: 'missing',
      fields: ['subject', 'firstName', 'phone', 'message'],
    });
  });

  it('the price fields as the form shows them: company name, building size, company address, areas of interest', () => {
    expect(checkInquiry({ ...complete, CompanyName: '', CompanyAddress: '', BuildingSize: '', Regards: [] })).toEqual({
      ok: false,
      step: 'missingPrice',
      fields: ['CompanyName', 'BuildingSize', 'CompanyAddress', 'Regards'],
    });
    expect(checkInquiry({ ...complete, CompanyName: '', BuildingSize: '' })).toMatchObject({
      fields: ['CompanyName', 'BuildingSize'],
    });
  });

  it('invalid fields too, the message last', () => {
    expect(
      checkInquiry({ ...complete, message: 'x'.repeat(10_001), BuildingSize: 'a\nb', CompanyName: 'A\u0007', email: 'nope' }),
    ).toEqual({ ok: false, step: 'invalid', fields: ['email', 'CompanyName', 'BuildingSize', 'message'] });
  });

  it('accepts a complete price inquiry', () => {
    expect(checkInquiry(complete)).toEqual({ ok: true });
  });
});
