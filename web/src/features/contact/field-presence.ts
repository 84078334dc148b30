import { type AdjustableField, type InquiryForm, fieldRule, inquirySubjects } from '@blitz/contract';

/** One wording of a field (its label and required mark, or its hint) and the types it is for. */
export type FieldWording = { text: string; required: boolean; types: string[] };

/**
 * How one adjustable field appears across the types (issue 44), for the form's markup: CSS shows
 * what fits the chosen type (styles.css, `data-shown-for`), so that the form needs no script to
 * change with the subject. `shownFor` undefined: every type shows it, and so does the form before
 * a type is chosen. Labels and hints come as their distinct wordings, the first one also shown
 * while no type is chosen.
 */
export type FieldPresence = {
  shownFor: string[] | undefined;
  labels: FieldWording[];
  hints: FieldWording[];
  /** Required by every type that shows it: the control is marked required. */
  alwaysRequired: boolean;
};

/** Groups the types by their wording, in the types' order. */
function wordings(entries: { type: string; text: string; required: boolean }[]): FieldWording[] {
  const out: FieldWording[] = [];
  for (const { type, text, required } of entries) {
    const same = out.find((w) => w.text === text && w.required === required);
    if (same) same.types.push(type);
    else out.push({ text, required, types: [type] });
  }
  return out;
}

/**
 * A type's name in the markup's `data-shown-for`: SPEC.md's three by their keys (styles.css names
 * them); a type staff added (issue 44) by its option's place in the subject list (`o5` is the fifth
 * option), since the stylesheet is built once and cannot name types that did not exist then.
 */
export function typeToken(form: InquiryForm, key: string): string {
  return (inquirySubjects as readonly string[]).includes(key) ? key : `o${form.types.findIndex((t) => t.key === key) + 2}`;
}

export function fieldPresence(
  form: InquiryForm,
  field: AdjustableField,
  siteWords: { label: string; hint: string },
): FieldPresence {
  const showing = form.types.flatMap((type) => {
    const rule = fieldRule(form, type.key, field);
    return rule.shown ? [{ type: typeToken(form, type.key), rule }] : [];
  });
  return {
    shownFor: showing.length === form.types.length ? undefined : showing.map((s) => s.type),
    labels: wordings(showing.map(({ type, rule }) => ({ type, text: rule.label || siteWords.label, required: rule.required }))),
    hints: wordings(showing.map(({ type, rule }) => ({ type, text: rule.help || siteWords.hint, required: false }))).filter(
      (w) => w.text !== '',
    ),
    alwaysRequired: showing.length > 0 && showing.every((s) => s.rule.required),
  };
}

/** A field's label for the chosen type, as a notice names it: staff's words, else the site's own. */
export function fieldLabel(form: InquiryForm, subject: string | undefined, field: string, siteLabel: string): string {
  return form.types.find((t) => t.key === subject)?.fields.find((f) => f.key === field)?.label || siteLabel;
}
