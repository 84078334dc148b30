import { describe, expect, it } from 'vitest';
import { checkInquiry } from './contact-rules';
import { type AddedField, answerText, checkAnswers, isCalendarDate, joinChecks } from './inquiry-answers';

const words = (de: string, en: string) => ({ de, en });
const field = (key: string, kind: AddedField['kind'], extra: Partial<AddedField> = {}): AddedField => ({
  key,
  kind,
  required: false,
  labels: words(key, key),
  help: words('', ''),
  ...extra,
});
const sent = (values: Record<string, string | string[]>) => (name: string) => {
  const value = values[name];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
};

describe('the answers to the fields a type adds', () => {
  it('keeps what fits each kind and leaves out an empty optional field', () => {
    const fields = [
      field('dates', 'date', { multiple: true, required: true }),
      field('site', 'address', { required: true }),
      field('size', 'number', { unit: words('m²', 'm²') }),
      field('kinds', 'choice', {
        multiple: true,
        options: [
          { key: 'a', labels: words('A', 'A') },
          { key: 'b', labels: words('B', 'B') },
        ],
      }),
      field('call', 'yesNo'),
      field('note', 'text'),
    ];
    const check = checkAnswers(
      fields,
      sent({
        dates: ['2027-01-04', '2027-01-04', '2027-01-05'],
        'site.street': 'Hauptstr. 3',
        'site.postcode': '12345',
        'site.town': 'Ort',
        size: '12,5',
        kinds: ['b', 'a'],
        call: 'no',
      }),
    );
    expect(check).toEqual({
      ok: true,
      answers: {
        dates: ['2027-01-04', '2027-01-05'],
        site: { street: 'Hauptstr. 3', postcode: '12345', town: 'Ort' },
        size: '12,5',
        kinds: ['b', 'a'],
        call: 'no',
      },
    });
  });

  it('names what is missing and what is wrong, an address half filled in as missing', () => {
    const fields = [
      field('site', 'address'),
      field('mail', 'email'),
      field('phone2', 'phone'),
      field('when', 'date'),
      field('agree', 'yesNo', { required: true }),
      field('one', 'choice', { options: [{ key: 'x', labels: words('X', 'X') }] }),
      field('line', 'line'),
    ];
    const check = checkAnswers(
      fields,
      sent({
        'site.street': 'Weg 1',
        mail: 'not-an-address',
        phone2: 'call me',
        when: '2027-02-29',
        agree: 'no',
        one: 'y',
        line: 'a\u202eb',
      }),
    );
    expect(check).toEqual({ ok: false, missing: ['site', 'agree'], invalid: ['mail', 'phone2', 'when', 'one', 'line'] });
  });

  it('tells a real day of the calendar', () => {
    expect(['2028-02-29', '2027-12-31'].map(isCalendarDate)).toEqual([true, true]);
    expect(['2027-02-29', '2027-13-01', '27-01-01', '2027-1-1'].map(isCalendarDate)).toEqual([false, false, false, false]);
  });

  it('reads an answer in either language', () => {
    const choice = field('kinds', 'choice', { options: [{ key: 'a', labels: words('jährlich', 'yearly') }] });
    expect(answerText(choice, ['a'], 'de')).toBe('jährlich');
    expect(answerText(choice, 'a', 'en')).toBe('yearly');
    expect(answerText(field('when', 'date'), ['2027-03-01', '2027-03-08'], 'de')).toBe('01.03.2027, 08.03.2027');
    expect(answerText(field('when', 'date'), ['2027-03-01', '2027-12-24'], 'en')).toBe('1 Mar 2027, 24 Dec 2027');
    expect(answerText(field('call', 'yesNo'), 'yes', 'en')).toBe('Yes');
    expect(answerText(field('size', 'number', { unit: words('m²', 'sq m') }), '40', 'en')).toBe('40 sq m');
    expect(answerText(field('site', 'address'), { street: 'Weg 1', postcode: '1', town: 'Ort' }, 'de')).toBe('Weg 1, 1 Ort');
  });

  it('joins the two checks in SPEC.md’s order of steps', () => {
    const values = { subject: 'inspection', firstName: '', lastName: 'B', phone: '1', email: 'a@b.de', message: 'm' };
    const spec = checkInquiry({ ...values, CompanyName: '', BuildingSize: '', CompanyAddress: '', Regards: [] }, undefined, [
      'inspection',
    ]);
    const missing = { ok: false as const, missing: ['dates'], invalid: ['size'] };
    expect(joinChecks(spec, missing)).toEqual({ ok: false, step: 'missing', fields: ['firstName', 'dates'] });
    const fine = checkInquiry(
      { ...values, firstName: 'A', CompanyName: '', BuildingSize: '', CompanyAddress: '', Regards: [] },
      undefined,
      ['inspection'],
    );
    expect(joinChecks(fine, missing)).toEqual({ ok: false, step: 'missing', fields: ['dates'] });
    expect(joinChecks(fine, { ok: false, missing: [], invalid: ['size'] })).toEqual({
      ok: false,
      step: 'invalid',
      fields: ['size'],
    });
    expect(joinChecks(fine, { ok: true, answers: { a: 'b' } })).toEqual({ ok: true, answers: { a: 'b' } });
  });
});
