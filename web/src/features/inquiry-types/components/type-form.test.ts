import { describe, expect, it } from 'vitest';
import { type InquiryType, adjustableFields, inquiryTypeUpdateSchema } from '@blitz/contract';
import {
  type TypeFormValues,
  blankField,
  blankType,
  checkTypeForm,
  flatTypeValues,
  moved,
  recipientList,
  serverFieldErrors,
  typeFormValues,
  typeUpdate,
  withAddedChange,
  withShown,
} from './type-form';

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
        typeFormValues(price),
      ),
    ).toEqual({
      'CompanyName.labels.de': { key: 'tooLong', max: 80 },
      'names.en': { key: 'oneLine' },
      'Regards.help.en': { text: 'Something new' },
    });
  });

  it('lists every setting once for comparing versions', () => {
    const flat = flatTypeValues(typeFormValues(price));
    expect(Object.keys(flat)).toHaveLength(2 + adjustableFields.length * 6 + 1);
    expect(flat.added).toEqual([]);
    expect(flat['CompanyName.required']).toBe(true);
    expect(flat['names.de']).toBe('');
  });
});

const words = (de: string, en: string) => ({ de, en });
/** An added type as the server answers it: "Prüftermin vereinbaren" with a choice and a date. */
const inspection: InquiryType = {
  key: 'inspection',
  names: words('Prüftermin vereinbaren', 'Book an inspection'),
  builtIn: false,
  recipients: ['pruefung@example.org'],
  retentionDays: 730,
  offeredOn: { subjectList: true, pages: ['services'] },
  removed: false,
  revision: 7,
  fields: [
    ...price.fields.map((f) => ({ ...f, shown: f.key === 'phone', required: false })),
    {
      key: 'interval',
      kind: 'choice',
      shown: true,
      required: true,
      labels: words('Prüfintervall', 'Inspection interval'),
      help: none,
      options: [
        { key: 'yearly', labels: words('jährlich', 'every year') },
        { key: 'everyTwoYears', labels: words('alle zwei Jahre', 'every two years') },
      ],
      multiple: false,
    },
    {
      key: 'preferredDates',
      kind: 'date',
      shown: true,
      required: false,
      labels: words('Wunschtermine', 'Preferred dates'),
      help: none,
      multiple: true,
    },
  ],
};

/** A new field of a kind with its words. */
function addField(values: TypeFormValues, kind: Parameters<typeof blankField>[0], de: string, en = de): TypeFormValues {
  const field = blankField(kind);
  return { ...values, added: [...values.added, { ...field, labels: words(de, en) }] };
}

describe('an added type and the fields it adds', () => {
  it('sends back exactly what it read when nothing changed', () => {
    const update = typeUpdate(inspection, typeFormValues(inspection));
    expect(update).toEqual({ ...inspection });
    expect(inquiryTypeUpdateSchema.safeParse(update).success).toBe(true);
  });

  it('keeps an added field’s kind and its options’ keys, gives new fields and options keys from their German words', () => {
    let values = typeFormValues(inspection);
    values = addField(values, 'yesNo', 'Zugang zum Dach vorhanden', 'Roof access available');
    values = addField(values, 'address', 'Adresse des Gebäudes', 'Address of the building');
    values = addField(values, 'line', 'Interval', 'Interval, again');
    const interval = values.added[0]!;
    values = withAddedChange(values, 'interval', {
      kind: 'line',
      options: [...interval.options, { id: '#new', labels: words('Alle vier Jahre', 'every four years') }],
      multiple: true,
    });
    const checked = checkTypeForm(inspection, values);
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    const fields = checked.update.fields.slice(adjustableFields.length);
    expect(fields.map((f) => [f.key, f.kind])).toEqual([
      ['interval', 'choice'],
      ['preferredDates', 'date'],
      ['zugangZumDachVorhanden', 'yesNo'],
      ['adresseDesGebaeudes', 'address'],
      ['interval2', 'line'],
    ]);
    expect(fields[0]).toMatchObject({
      multiple: true,
      options: [
        { key: 'yearly' },
        { key: 'everyTwoYears' },
        { key: 'alleVierJahre', labels: words('Alle vier Jahre', 'every four years') },
      ],
    });
    // Only the kinds that take them carry options, several values or a unit.
    expect(fields[2]).not.toHaveProperty('options');
    expect(fields[2]).not.toHaveProperty('multiple');
    expect(inquiryTypeUpdateSchema.safeParse(checked.update).success).toBe(true);
  });

  it('moves fields and options up and down, and removes them', () => {
    const values = addField(typeFormValues(inspection), 'number', 'Dachfläche');
    const order = (v: TypeFormValues) =>
      typeUpdate(inspection, v)
        .fields.slice(adjustableFields.length)
        .map((f) => f.key);
    expect(order({ ...values, added: moved(values.added, 2, -1) })).toEqual(['interval', 'dachflaeche', 'preferredDates']);
    expect(order({ ...values, added: moved(values.added, 0, -1) })).toEqual(['interval', 'preferredDates', 'dachflaeche']);
    expect(order({ ...values, added: values.added.filter((f) => f.id !== 'interval') })).toEqual([
      'preferredDates',
      'dachflaeche',
    ]);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('does not give a new field the key of one removed in the same save (it would inherit its kind)', () => {
    let values = typeFormValues(inspection);
    values = { ...values, added: values.added.filter((f) => f.id !== 'preferredDates') };
    values = addField(values, 'line', 'Preferred dates');
    const keys = typeUpdate(inspection, values).fields.map((f) => f.key);
    expect(keys).toContain('preferredDates2');
  });

  it('sends recipients as a list and retention in days; empty is the company’s address and kept for good', () => {
    const values = { ...typeFormValues(inspection), recipients: 'a@example.org\n b@example.org; ', retentionDays: '' };
    expect(typeUpdate(inspection, values)).toMatchObject({ recipients: ['a@example.org', 'b@example.org'], retentionDays: null });
    expect(typeUpdate(inspection, { ...values, recipients: '', retentionDays: ' 90 ' })).toMatchObject({
      recipients: [],
      retentionDays: 90,
    });
    expect(recipientList('x@example.org,y@example.org')).toEqual(['x@example.org', 'y@example.org']);
    // SPEC.md's three keep theirs elsewhere: sent back as read.
    expect(typeUpdate(price, typeFormValues(price))).toMatchObject({ recipients: null, retentionDays: null });
  });

  it('names what is missing or wrong at its setting: words in both languages, options, addresses, days', () => {
    let values = typeFormValues(inspection);
    values = { ...values, names: words('Prüftermin', ''), recipients: 'ok@example.org\nkein-mail', retentionDays: 'bald' };
    values = addField(values, 'text', '', 'Notes');
    values = addField(values, 'choice', 'Zeit', 'Time');
    const choice = values.added[3]!;
    values = withAddedChange(values, choice.id, { options: [{ ...choice.options[0]!, labels: words('vormittags', '') }] });
    values = withAddedChange(values, 'preferredDates', { help: words('x'.repeat(201), '') });
    const checked = checkTypeForm(inspection, values);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    const note = values.added[2]!.id;
    const option = choice.options[0]!.id;
    expect(checked.errors).toEqual({
      'names.en': { key: 'required' },
      [`added.${note}.labels.de`]: { key: 'required' },
      [`added.${choice.id}.options.${option}.en`]: { key: 'required' },
      [`added.${choice.id}.options`]: { key: 'options', max: 20 },
      'added.preferredDates.help.de': { key: 'tooLong', max: 200 },
      recipients: { key: 'notEmail', value: 'kein-mail' },
      retentionDays: { key: 'days' },
    });
    expect(checkTypeForm(inspection, { ...typeFormValues(inspection), retentionDays: '4000' })).toEqual({
      ok: false,
      errors: { retentionDays: { key: 'days' } },
    });
  });

  it("puts a 400's messages about added fields, options, recipients and retention at their settings", () => {
    const values = typeFormValues(inspection);
    const update = typeUpdate(inspection, values);
    const interval = adjustableFields.length;
    expect(
      serverFieldErrors(
        [
          { field: `fields.${interval}.labels`, message: 'an added field needs its label in German and English' },
          { field: `fields.${interval}.options.1.labels.en`, message: 'at most 80 characters' },
          { field: `fields.${interval + 1}.options`, message: 'a choice has 2 to 20 options' },
          { field: `fields.${interval + 1}.key`, message: 'a-z, then letters and digits' },
          { field: 'fields', message: 'at most 20 added fields' },
          { field: 'recipients.0', message: 'must be an e-mail address' },
          { field: 'retentionDays', message: 'Too big: expected number to be <=3650' },
        ],
        update,
        values,
      ),
    ).toEqual({
      // Named without its language: shown at the one left empty (here, as read, the German is there).
      'added.interval.labels.en': { key: 'required' },
      'added.interval.options.everyTwoYears.en': { key: 'tooLong', max: 80 },
      'added.preferredDates.options': { key: 'options', max: 20 },
      'added.preferredDates.labels.de': { text: 'a-z, then letters and digits' },
      added: { key: 'tooManyFields', max: 20 },
      recipients: { key: 'notEmail', value: 'pruefung@example.org' },
      retentionDays: { key: 'days' },
    });
  });

  it('lists added fields, their options and the delivery for comparing versions', () => {
    const flat = flatTypeValues(typeFormValues(inspection));
    expect(flat).toMatchObject({
      added: ['interval', 'preferredDates'],
      'added.interval.options': ['yearly', 'everyTwoYears'],
      'added.interval.options.yearly.de': 'jährlich',
      'added.preferredDates.multiple': true,
      recipients: 'pruefung@example.org',
      retentionDays: '730',
    });
  });
});

describe('a type not yet created', () => {
  it('is created with a key from its German name, not one the site has or had, and the fields as composed', () => {
    let values = typeFormValues(blankType());
    values = { ...values, names: words('Prüftermin vereinbaren', 'Book an inspection') };
    values = addField(values, 'date', 'Wunschtermine', 'Preferred dates');
    values = withAddedChange(values, values.added[0]!.id, { multiple: true });
    const checked = checkTypeForm(blankType(), values, ['priceInquiry', 'pruefterminVereinbaren']);
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    expect(checked.created).toBe(true);
    expect(checked.update).toMatchObject({
      key: 'pruefterminVereinbaren2',
      recipients: [],
      retentionDays: null,
      fields: expect.arrayContaining([
        {
          key: 'wunschtermine',
          kind: 'date',
          shown: true,
          required: false,
          multiple: true,
          labels: words('Wunschtermine', 'Preferred dates'),
          help: none,
        },
      ]),
    });
    expect(checked.update.fields.map((f) => [f.key, f.shown])).toEqual([
      ['phone', true],
      ['CompanyName', false],
      ['BuildingSize', false],
      ['CompanyAddress', false],
      ['Regards', false],
      ['wunschtermine', true],
    ]);
  });

  it('needs its name in both languages', () => {
    expect(checkTypeForm(blankType(), typeFormValues(blankType()))).toEqual({
      ok: false,
      errors: { 'names.de': { key: 'required' }, 'names.en': { key: 'required' } },
    });
  });
});
