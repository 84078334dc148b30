import { describe, expect, it } from 'vitest';
import { companyDetailsInputSchema, defaultCompanyDetails } from '@blitz/contract';
import { companyFormResolver, companyFormValues, companyDetailsInput, formFieldOf } from './company-form';

const resolve = (values: ReturnType<typeof companyFormValues>) =>
  companyFormResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('the company form', () => {
  it('turns the settings into form values and back without a change', () => {
    const values = companyFormValues(defaultCompanyDetails);
    expect(values.managingDirectors).toBe('Max Mustermann');
    expect(values.statistics).toHaveLength(6);
    expect(companyDetailsInputSchema.parse(companyDetailsInput(values))).toEqual(defaultCompanyDetails);
  });

  it('reads numbers as typed (a decimal comma too), directors one per line, and drops empty texts', () => {
    const values = {
      ...companyFormValues(defaultCompanyDetails),
      latitude: '50,1',
      managingDirectors: 'Anna Blitz\n\n  Ben Erde  \n',
      openingHoursEn: '',
    };
    const input = companyDetailsInput(values);
    expect(input.map.latitude).toBe(50.1);
    expect(input.managingDirectors).toEqual(['Anna Blitz', 'Ben Erde']);
    expect(input.openingHours).toEqual([{ content: 'Mo.–Fr. 7:00–16:30 Uhr', language: 2 }]);
  });

  it('puts each refusal of the contract on its form field, with a message that says what is expected', async () => {
    const values = {
      ...companyFormValues(defaultCompanyDetails),
      email: 'info(at)blitz',
      vatId: 'DE123',
      name: '',
      registerNumber: 'x'.repeat(51),
      latitude: '',
    };
    values.partners[1]!.url = 'blitz.de';
    values.statistics[2]!.value = '-5';
    const { errors } = await resolve(values);
    expect(errors.email?.message).toBe('companyDetails:validation.email');
    expect(errors.vatId?.message).toBe('companyDetails:validation.vatId');
    expect(errors.name?.message).toBe('validation.required');
    expect(errors.registerNumber?.message).toBe('validation.tooLong');
    expect(errors.latitude?.message).toBe('companyDetails:validation.coordinate');
    expect(errors.partners?.[1]?.url?.message).toBe('companyDetails:validation.url');
    expect(errors.statistics?.[2]?.value?.message).toBe('validation.invalid');
    expect(errors.phone).toBeUndefined();
  });

  it('passes valid values through', async () => {
    const values = { ...companyFormValues(defaultCompanyDetails), phone: '+49 69 1234567' };
    expect((await resolve(values)).errors).toEqual({});
  });

  it('names the form field of a path of the PUT body', () => {
    expect(formFieldOf(['register', 'number'])).toBe('registerNumber');
    expect(formFieldOf(['person', 'quote', 0, 'content'])).toBe('personQuoteDe');
    expect(formFieldOf(['statistics', 4, 'label', 1, 'content'])).toBe('statistics.4.labelDe');
    expect(formFieldOf(['map', 'longitude'])).toBe('longitude');
  });
});
