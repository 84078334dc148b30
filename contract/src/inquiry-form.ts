// Which fields each inquiry type asks for (issue 44), as the footer form, the form without
// JavaScript and the server all read it. Plain data and functions, no zod: the form's island
// carries this file (decision 032).

import { type AdjustableField, adjustableFields, inquirySubjects, shippedFieldRule } from './contact-rules';
import type { AddedFieldKind } from './inquiry-answers';

/**
 * A field's place in a type's form: shown or not, required or not, and its words ('' : the site's
 * own). A field the type adds also has its `kind` (and a choice its options, a number its unit).
 */
export type InquiryFormField = {
  key: string;
  shown: boolean;
  required: boolean;
  label: string;
  help: string;
  kind?: AddedFieldKind;
  options?: { key: string; label: string }[];
  multiple?: boolean;
  unit?: string;
};

/**
 * One inquiry type as the form shows it in one language; `name` '' : the site's own. A type staff
 * added may be offered only by a button on chosen pages: then it is not in the subject list.
 */
export type InquiryFormType = {
  key: string;
  name: string;
  fields: InquiryFormField[];
  inSubjectList?: boolean;
  /** The pages (their keys) that offer it by a button which chooses it in the form. */
  offeredOn?: string[];
};

/**
 * What the footer form is made from in one language: every type's fields, and the version of the
 * definition, which the form sends back (`formVersion`) so that the server checks an inquiry
 * against the definition it was shown.
 */
export type InquiryForm = { version: number; types: InquiryFormType[] };

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
export function fieldRule(form: InquiryForm, subject: string, field: AdjustableField) {
  const found = form.types.find((t) => t.key === subject)?.fields.find((f) => f.key === field);
  return found ?? { key: field, ...shippedFieldRule(subject, field), label: '', help: '' };
}

/** The fields a type adds to SPEC.md's, in the form's order. */
export function addedFieldsOf(type: InquiryFormType | undefined): InquiryFormField[] {
  return (type?.fields ?? []).filter((f) => !(adjustableFields as readonly string[]).includes(f.key));
}
