// Which fields each inquiry type asks for (issue 44), as the footer form, the form without
// JavaScript and the server all read it. Plain data and functions, no zod: the form's island
// carries this file (decision 032).

import { type AdjustableField, type InquirySubject, adjustableFields, inquirySubjects, shippedFieldRule } from './contact-rules';

/** A field's place in a type's form: shown or not, required or not, and its words ('' : the site's own). */
export type InquiryFormField = {
  key: AdjustableField;
  shown: boolean;
  required: boolean;
  label: string;
  help: string;
};

/** One inquiry type as the form shows it in one language; `name` '' : the site's own. */
export type InquiryFormType = { key: InquirySubject; name: string; fields: InquiryFormField[] };

/**
 * What the footer form is made from in one language: every type's fields, and the version of the
 * definition, which the form sends back (`formVersion`) so that the server checks an inquiry
 * against the definition it was shown.
 */
export type InquiryForm = { version: number; types: InquiryFormType[] };

/** The multipart field that carries the definition's version the form was shown with. */
export const formVersionField = 'formVersion';

/** The shipped form in one language: every word the site's own. */
export const shippedInquiryForm: InquiryForm = {
  version: 0,
  types: inquirySubjects.map((key) => ({
    key,
    name: '',
    fields: adjustableFields.map((field) => ({ key: field, ...shippedFieldRule(key, field), label: '', help: '' })),
  })),
};

/** The rule of one field for one type; a type or field the definition lacks has the shipped rule. */
export function fieldRule(form: InquiryForm, subject: InquirySubject, field: AdjustableField) {
  const found = form.types.find((t) => t.key === subject)?.fields.find((f) => f.key === field);
  return found ?? { key: field, ...shippedFieldRule(subject, field), label: '', help: '' };
}
