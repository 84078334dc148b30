import { describe, expect, it } from 'vitest';
import { type InquiryType, adjustableFields, inquiryTypeUpdateSchema } from '@blitz/contract';
import { checkTypeForm, flatTypeValues, serverFieldErrors, typeFormValues, typeUpdate, withShown } from './type-form';

const none = { de: '', en: '' };
const price: InquiryType = {
  key: 'priceInquiry',
  names: none,
  builtIn: true,
  recipients: null,
  retentionDays: null,
  offeredOn: { subjectList: true, pages: [] },
  removed: false,
  revision: 3,
  fields: adjustableFields.map((key) => ({
    key,
    kind: key === 'Regards' ? 'choice' : 'line',
    shown: true,
    required: true,
    labels: none,
    help: none,
  })),
};

describe('the inquiry type form', () => {
  it('sends the type back as read, with what staff changed and the revision it was read at', () => {
    const values = typeFormValues(price);
    values.fields.CompanyName = { ...values.fields.CompanyName, required: false, labels: { de: 'Firma oder Gemeinde', en: '' } };
    const update = typeUpdate(price, values);
    expect(inquiryTypeUpdateSchema.parse(update)).toMatchObject({ key: 'priceInquiry', revision: 3 });
    expect(update.fields.find((f) => f.key === 'CompanyName')).toEqual({
      key: 'CompanyName',
      kind: 'line',
      shown: true,
      required: false,
      labels: { de: 'Firma oder Gemeinde', en: '' },
      help: none,
    });
    expect(update.fields.map((f) => f.key)).toEqual([...adjustableFields]);
  });

  it('makes a hidden field optional, and leaves it optional when it is shown again', () => {
    const hidden = withShown(typeFormValues(price), 'BuildingSize', false);
    expect(hidden.fields.BuildingSize).toMatchObject({ shown: false, required: false });
    expect(withShown(hidden, 'BuildingSize', true).fields.BuildingSize).toMatchObject({ shown: true, required: false });
    expect(
      typeUpdate(price, {
        ...hidden,
        fields: { ...hidden.fields, Regards: { ...hidden.fields.Regards, shown: false } },
      }).fields.find((f) => f.key === 'Regards'),
    ).toMatchObject({ shown: false, required: false });
  });

  it('names each setting that is too long or has a line break, where the form shows it', () => {
    const values = typeFormValues(price);
    values.names.en = 'Price\ninquiry';
    values.fields.CompanyAddress = { ...values.fields.CompanyAddress, help: { de: 'x'.repeat(201), en: '' } };
    const checked = checkTypeForm(price, values);
    expect(checked).toEqual({
      ok: false,
      errors: { 'names.en': { key: 'oneLine' }, 'CompanyAddress.help.de': { key: 'tooLong', max: 200 } },
    });
    expect(checkTypeForm(price, typeFormValues(price)).ok).toBe(true);
  });

  it("puts a 400's field messages at their settings, in the dashboard's words where it knows them", () => {
    const update = typeUpdate(price, typeFormValues(price));
    expect(
      serverFieldErrors(
        [
          { field: 'fields.1.labels.de', message: 'at most 80 characters' },
          { field: 'names.en', message: 'must be one line: no line breaks or direction controls' },
          { field: 'fields.4.help.en', message: 'Something new' },
          { field: 'key', message: 'Invalid option' },
        ],
        update,
      ),
    ).toEqual({
      'CompanyName.labels.de': { key: 'tooLong', max: 80 },
      'names.en': { key: 'oneLine' },
      'Regards.help.en': { text: 'Something new' },
    });
  });

  it('lists every setting once for comparing versions', () => {
    const flat = flatTypeValues(typeFormValues(price));
    expect(Object.keys(flat)).toHaveLength(2 + adjustableFields.length * 6);
    expect(flat['CompanyName.required']).toBe(true);
    expect(flat['names.de']).toBe('');
  });
});
