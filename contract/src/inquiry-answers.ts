// The fields a type adds to the form (issue 44): each of a kind, checked by its kind. Plain data
// and functions, no zod: the server checks an inquiry with them, and the form will too.

import { applicationConsentFields } from './application-consent';
import {
  type InquiryCheck,
  adjustableFields,
  bidiControl,
  contactFormExtras,
  generalFields,
  isValidEmail,
  lineBreak,
  priceInquiryFields,
} from './contact-rules';

/** The multipart field that carries the definition's version the form was shown with. */
export const formVersionField = 'formVersion';

/** Names the form already uses for something else: no added field takes them. */
export const reservedFieldNames: readonly string[] = [
  ...generalFields,
  ...adjustableFields,
  ...priceInquiryFields,
  ...Object.values(contactFormExtras),
  ...Object.values(applicationConsentFields),
  formVersionField,
];

/** The kinds of field staff compose a type from. */
export const addedFieldKinds = ['line', 'text', 'email', 'phone', 'number', 'date', 'choice', 'yesNo', 'address'] as const;
export type AddedFieldKind = (typeof addedFieldKinds)[number];

export type Bilingual = { de: string; en: string };

/** One field a type adds: its key is its name in the form, and the answer's key where it is kept. */
export type AddedField = {
  key: string;
  kind: AddedFieldKind;
  required: boolean;
  labels: Bilingual;
  help: Bilingual;
  /** A choice's options, in the form's order. */
  options?: { key: string; labels: Bilingual }[];
  /** A choice of several options, or up to `maxDates` preferred dates. */
  multiple?: boolean;
  /** A number's unit ("m²", "Stück"), shown after its field. */
  unit?: Bilingual;
};

/**
 * A key staff give an added type, field or option: its name in the form, in the API and in the
 * stored answers, never changed. Not a name every object has (`constructor`, `toString`): keys
 * are looked up in plain objects.
 */
export function isAddedKey(key: string): boolean {
  return /^[a-z][a-zA-Z0-9]{1,39}$/.test(key) && !(key in Object.prototype);
}

/** An address's lines, each its own field in the form (`key.street`, …). */
export const addressParts = ['street', 'postcode', 'town'] as const;
export type AddressPart = (typeof addressParts)[number];

/** How many dates a "preferred dates" field takes at most. */
export const maxDates = 3;

/** Longest answer per kind (characters); an address's per line. */
export const answerMaxLength = { line: 200, text: 5000, phone: 40, number: 20, address: 200 } as const;

/** What a visitor answered, by field key: a text, a list (several choices or dates), or an address. */
export type Answer = string | string[] | Record<AddressPart, string>;
export type Answers = Record<string, Answer>;

/**
 * The form's field names of an added field: one, or an address's three (`key.street`, …). A
 * choice of several and preferred dates repeat their name per value.
 */
export function formNamesOf(field: { key: string; kind?: AddedFieldKind | undefined }): string[] {
  return field.kind === 'address' ? addressParts.map((part) => `${field.key}.${part}`) : [field.key];
}

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const controlCharacter = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const oneLine = (value: string, max: number) =>
  value.length <= max && !lineBreak.test(value) && !bidiControl.test(value) && !controlCharacter.test(value);

/** A day of the calendar as the date field sends it (YYYY-MM-DD), and one that exists. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * A number as people type it (digits, one decimal comma or point) and a phone number, as the
 * controls' `pattern` too: the browser checks them on the form, the server again.
 */
export const answerPatterns = { number: '\\d{1,12}(?:[.,]\\d{1,6})?', phone: '\\+?[\\d \\(\\)\\/.\\-]{3,40}' } as const;
const numberPattern = new RegExp(`^${answerPatterns.number}$`);
const phonePattern = new RegExp(`^${answerPatterns.phone}$`);

/** What the check needs of a field: the form's view of it (`InquiryFormField`) will do. */
export type CheckedField = Pick<AddedField, 'key' | 'required' | 'multiple'> & {
  kind?: AddedFieldKind | undefined;
  options?: { key: string }[] | undefined;
};

export type AnswerCheck = { ok: true; answers: Answers } | { ok: false; missing: string[]; invalid: string[] };

/**
 * Checks the added fields' values as the form sent them (`values(name)`: every value sent under
 * a field name, trimmed) and gives the answers to keep: an empty optional field is left out. A
 * required yes/no must be yes (a box to tick, like a consent). A value that is wrong for its
 * kind is refused, however the field was filled in (the form may not have run its check).
 */
export function checkAnswers(fields: readonly CheckedField[], values: (name: string) => string[]): AnswerCheck {
  const answers: Answers = {};
  const missing: string[] = [];
  const invalid: string[] = [];
  for (const field of fields) {
    const first = values(field.key)[0] ?? '';
    if (field.kind === 'address') {
      const parts = Object.fromEntries(addressParts.map((p) => [p, values(`${field.key}.${p}`)[0] ?? ''])) as Record<
        AddressPart,
        string
      >;
      const given = addressParts.filter((p) => parts[p] !== '');
      if (given.length === 0) {
        if (field.required) missing.push(field.key);
      } else if (given.length < addressParts.length) missing.push(field.key);
      else if (!addressParts.every((p) => oneLine(parts[p], answerMaxLength.address))) invalid.push(field.key);
      else answers[field.key] = parts;
      continue;
    }
    const many = field.multiple && (field.kind === 'choice' || field.kind === 'date');
    const list = many ? [...new Set(values(field.key).filter(Boolean))] : first ? [first] : [];
    const isYes = field.kind === 'yesNo' && first === 'yes';
    if (list.length === 0 || (field.kind === 'yesNo' && field.required && !isYes)) {
      if (field.required) missing.push(field.key);
      continue;
    }
    if (!list.every((value) => fits(field, value)) || (field.kind === 'date' && list.length > maxDates)) {
      invalid.push(field.key);
      continue;
    }
    answers[field.key] = many ? list : list[0]!;
  }
  return missing.length > 0 || invalid.length > 0 ? { ok: false, missing, invalid } : { ok: true, answers };
}

function fits(field: CheckedField, value: string): boolean {
  switch (field.kind) {
    case 'line':
      return oneLine(value, answerMaxLength.line);
    case 'text':
      return value.length <= answerMaxLength.text && !controlCharacter.test(value);
    case 'email':
      return isValidEmail(value);
    case 'phone':
      return phonePattern.test(value);
    case 'number':
      return numberPattern.test(value);
    case 'date':
      return isCalendarDate(value);
    case 'choice':
      return (field.options ?? []).some((option) => option.key === value);
    case 'yesNo':
      return value === 'yes' || value === 'no';
    default:
      return false;
  }
}

const englishMonths = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** An answer as one line of text in a language: a choice by its option's words, yes/no in words, a date as a German or English day. */
export function answerText(field: AddedField, answer: Answer, language: 'de' | 'en'): string {
  if (typeof answer === 'object' && !Array.isArray(answer)) return `${answer.street}, ${answer.postcode} ${answer.town}`;
  const list = Array.isArray(answer) ? answer : [answer];
  const one = (value: string) => {
    if (field.kind === 'choice') return field.options?.find((o) => o.key === value)?.labels[language] || value;
    if (field.kind === 'yesNo') return value === 'yes' ? (language === 'de' ? 'Ja' : 'Yes') : language === 'de' ? 'Nein' : 'No';
    // German as Germans write a day; English with the month's name, which no reader takes for another order.
    if (field.kind === 'date' && isCalendarDate(value)) {
      const [y, m, d] = value.split('-');
      return language === 'de' ? `${d}.${m}.${y}` : `${Number(d)} ${englishMonths[Number(m) - 1]} ${y}`;
    }
    if (field.kind === 'number' && field.unit?.[language]) return `${value} ${field.unit[language]}`;
    return value;
  };
  return list.map(one).join(', ');
}

/** The whole check of an inquiry: SPEC.md's fields (`checkInquiry`) and the fields its type adds. */
export type FullInquiryCheck =
  { ok: true; answers: Answers } | { ok: false; step: Exclude<InquiryCheck, { ok: true }>['step']; fields: string[] };

/**
 * Joins the two checks in SPEC.md's order of steps: what is missing first (an added field
 * missing is named with SPEC.md's missing fields, after them), then what is wrong.
 */
export function joinChecks(spec: InquiryCheck, added: AnswerCheck): FullInquiryCheck {
  const addedMissing = added.ok ? [] : added.missing;
  const addedInvalid = added.ok ? [] : added.invalid;
  if (!spec.ok && spec.step !== 'invalid') return { ok: false, step: spec.step, fields: [...spec.fields, ...addedMissing] };
  if (addedMissing.length > 0) return { ok: false, step: 'missing', fields: addedMissing };
  if (!spec.ok) return { ok: false, step: 'invalid', fields: [...spec.fields, ...addedInvalid] };
  if (!added.ok) return { ok: false, step: 'invalid', fields: addedInvalid };
  return { ok: true, answers: added.answers };
}
