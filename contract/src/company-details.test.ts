import { describe, expect, it } from 'vitest';
import { company } from './company';
import {
  companyDetailsInputSchema,
  companyDetailsSchema,
  defaultCompanyDetails,
  isSampleCompany,
  mapUrls,
  phoneHref,
} from './company-details';

describe('company details', () => {
  it('default to the shipped placeholder company, which is valid and flagged as the sample', () => {
    expect(companyDetailsSchema.parse(defaultCompanyDetails)).toEqual(defaultCompanyDetails);
    expect(isSampleCompany(defaultCompanyDetails)).toBe(true);
    expect(
      isSampleCompany({ ...defaultCompanyDetails, legalName: 'Blitz GmbH', vatId: 'DE123456789', email: 'info@blitz.de' }),
    ).toBe(false);
    // Each of the three still the sample's is enough; the legal name carries no language's marker.
    expect(isSampleCompany({ ...defaultCompanyDetails, vatId: 'DE123456789', email: 'info@blitz.de' })).toBe(true);
    expect(isSampleCompany({ ...defaultCompanyDetails, legalName: 'Blitz GmbH', email: 'info@blitz.de' })).toBe(true);
    expect(isSampleCompany({ ...defaultCompanyDetails, legalName: 'Blitz GmbH', vatId: 'DE123456789' })).toBe(true);
    expect(defaultCompanyDetails.legalName).not.toMatch(/Platzhalter|placeholder|\(/i);
  });

  it('take a logo: null for the shipped drawing, a stored address, in a PUT a data URL or nothing (kept)', () => {
    const stored = '/media/company/0123456789abcdef0123-512.webp';
    expect(defaultCompanyDetails.logo).toBeNull();
    expect(companyDetailsSchema.parse({ ...defaultCompanyDetails, logo: stored }).logo).toBe(stored);
    expect(companyDetailsSchema.safeParse({ ...defaultCompanyDetails, logo: 'data:image/png;base64,AAAA' }).success).toBe(false);
    expect(companyDetailsSchema.safeParse({ ...defaultCompanyDetails, logo: '/media/projects/x.webp' }).success).toBe(false);
    const { logo: _logo, ...withoutLogo } = defaultCompanyDetails;
    expect(companyDetailsInputSchema.parse(withoutLogo).logo).toBeUndefined();
    expect(companyDetailsInputSchema.parse({ ...withoutLogo, logo: 'data:image/png;base64,AAAA' }).logo).toMatch(/^data:/);
    expect(companyDetailsInputSchema.safeParse({ ...withoutLogo, logo: 'https://evil.example/logo.png' }).success).toBe(false);
  });

  it('dial a phone number as typed: digits and a leading plus, without the national (0)', () => {
    expect(phoneHref(company.phone)).toBe(company.phoneHref);
    expect(phoneHref('+49 (0)6181 123-456')).toBe('tel:+496181123456');
    expect(phoneHref('06181 / 12 34 56')).toBe('tel:06181123456');
  });

  it('give the map addresses the site used for the default position', () => {
    expect(mapUrls(company.map.latitude, company.map.longitude)).toEqual({
      embedUrl: company.map.embedUrl,
      linkUrl: company.map.linkUrl,
    });
  });

  it('check an e-mail address, a VAT ID, a phone number and the six statistics', () => {
    const issues = (patch: Record<string, unknown>) => {
      const result = companyDetailsInputSchema.safeParse({ ...defaultCompanyDetails, ...patch });
      return result.success ? [] : result.error.issues.map((i) => i.path.join('.'));
    };
    expect(issues({ email: 'info@' })).toEqual(['email']);
    expect(issues({ vatId: 'DE12345' })).toEqual(['vatId']);
    expect(issues({ vatId: '123456789' })).toEqual(['vatId']);
    expect(issues({ vatId: 'de 123 456 789' })).toEqual([]);
    expect(issues({ vatId: 'ATU12345678' })).toEqual([]);
    expect(issues({ phone: 'call us' })).toEqual(['phone']);
    expect(issues({ statistics: defaultCompanyDetails.statistics.slice(1) })).toEqual(['statistics']);
    expect(issues({ website: 'javascript:alert(1)' })).toEqual(['website']);
    expect(issues({ person: { ...defaultCompanyDetails.person, picture: '/media/projects/x-480.webp' } })).toEqual([
      'person.picture',
    ]);
  });
});
