import { type FormEvent, type MouseEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ContactFormState,
  type FieldErrorKind,
  type InquiryForm,
  type InquiryField,
  type InquirySent,
  type InquiryValues,
  type AdjustableField,
  applicationConsentFields,
  applicationConsentValue,
  addedFieldsOf,
  checkInquiry,
  contactFormExtras,
  joinChecks,
  fieldRule,
  generalFields,
  priceInquiryFields,
} from '@blitz/contract';
import { fieldLabel, typeToken } from '../field-presence';
import { notify } from '../../../lib/notify';
import { InquiryRefused, fetchFormToken, sendInquiry } from '../api/send-inquiry';
import { attachmentProblems, ruleLimits } from '../attachment-rules';
import { useAttachments } from './use-attachments';

export type { FieldErrorKind };

/** The element of the confirmation that takes the form's place once sent. */
export const sentPanelId = 'contact-sent';

/** The inquiry as the form holds it now: read from its fields, which React leaves to the browser. */
export function valuesOf(form: HTMLFormElement): InquiryValues {
  const data = new FormData(form);
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  const values = Object.fromEntries(
    [...generalFields, ...priceInquiryFields].map((name) => [name, text(name)]),
  ) as unknown as InquiryValues;
  values.Regards = data.getAll('Regards').filter((v): v is string => typeof v === 'string');
  return values;
}

/**
 * The contact form's send, once its script runs: the spec's check in the spec's order (a notice
 * naming the fields, each also marked at the field), the attachment limits, then the POST;
 * success puts the confirmation in the form's place (the form comes back empty). The fields themselves are the browser's (uncontrolled): whatever a
 * visitor typed or chose before this code arrived stays, and is what gets checked and sent.
 */
export function useContactForm(initial: ContactFormState | undefined, form: InquiryForm) {
  const { t, i18n } = useTranslation('contact');
  const [errors, setErrors] = useState<Partial<Record<string, FieldErrorKind>>>(initial?.errors ?? {});
  const [sending, setSending] = useState(false);
  // Sent: the form's place confirms it with the reference (issue 40), until the visitor asks for
  // the form again. The server's page after a send without JavaScript starts so.
  const [sent, setSent] = useState<InquirySent | undefined>(
    initial?.notice?.kind === 'success' ? initial.notice.sent : undefined,
  );
  // Shown again after a send: empty, without what the page's address chose (a job applied for).
  const [fresh, setFresh] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // When the form became interactive, as the server signed it (the spam check's fill time).
  const formToken = useRef<Promise<string>>(undefined);
  const attachments = useAttachments();
  const problems = attachmentProblems(attachments.files.map((f) => f.file));

  useEffect(() => {
    formToken.current = fetchFormToken();
    // Says that the script has taken the form over (tests and the island runtime wait for it).
    (formRef.current ?? document.getElementById(sentPanelId))?.closest('[data-island]')?.setAttribute('data-hydrated', '');
  }, []);

  /** A field changed: its mark goes (event delegation on the form). */
  const onFieldInput = (name: string) => {
    if (name in errors) setErrors((e) => ({ ...e, [name]: undefined }));
  };

  // The rules of the form as it was shown (issue 44): the server checks against the same version.
  const rules = (subject: string, field: AdjustableField) => fieldRule(form, subject, field);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const element = event.currentTarget;
    const values = valuesOf(element);
    const label = (field: string) => fieldLabel(form, values.subject, field, t(`fields.${field as InquiryField}`));
    // SPEC.md's fields by the contract's check; the fields the chosen type adds (issue 44) by the
    // browser's own (their controls carry required, type and pattern), the server checks all again.
    const data = new FormData(element);
    const added = addedFieldsOf(form.types.find((type) => type.key === values.subject));
    // The chosen type's block only: two types may each add a field of the same key.
    const block = `[data-added-fields] [data-shown-for="${typeToken(form, values.subject)}"] [name]`;
    const controls = (key: string) =>
      [...element.querySelectorAll<HTMLInputElement>(block)].filter((c) => c.name.split('.')[0] === key);
    const missing: string[] = [];
    const invalid: string[] = [];
    /** Marks an added field; its message (in the server's markup) shows by CSS (`data-error`). */
    const mark = (key: string, kind: string) => {
      for (const c of controls(key)) c.setAttribute('aria-invalid', String(!!kind));
      controls(key)[0]?.closest('[data-added-field]')?.setAttribute('data-error', kind);
    };
    for (const f of added) {
      const bad = controls(f.key).find((c) => !c.checkValidity());
      const kind = bad ? (bad.validity.valueMissing ? 'missing' : 'invalid') : '';
      if (bad) (kind === 'missing' ? missing : invalid).push(f.key);
      mark(f.key, kind);
    }
    const check = joinChecks(
      checkInquiry(
        values,
        rules,
        form.types.map((type) => type.key),
      ),
      missing.length || invalid.length ? { ok: false, missing, invalid } : { ok: true, answers: {} },
    );
    /** A failed check, the form's or (for what only the server checks) the server's: named and marked. */
    const refuse = ({ step, fields }: { step: 'missing' | 'missingPrice' | 'invalid'; fields: string[] }) => {
      const kind: FieldErrorKind = step === 'invalid' ? 'invalid' : 'required';
      setErrors(Object.fromEntries(fields.map((f) => [f, f === 'email' && kind === 'invalid' ? 'email' : kind])));
      // The added fields among them, by the browser's check or the server's (which alone sees a
      // required choice of several and a half address).
      for (const f of fields) mark(f, step === 'invalid' ? 'invalid' : 'missing');
      notify(t(`notices.${step}Fields`, { fields: fields.map(label).join(', ') }), { error: true });
      requestAnimationFrame(() => element.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    };
    if (!check.ok) return refuse(check);
    const broken = attachments.files.flatMap((f, i) => {
      const rule = problems[i];
      if (!rule) return [];
      return [`${f.file.name} (${t(`attachments.rules.${rule}`, { max: ruleLimits[rule] })})`];
    });
    if (broken.length > 0) {
      notify(t('notices.attachments', { files: broken.join(', ') }), { error: true });
      return;
    }
    setSending(true);
    try {
      const sent = new FormData(element);
      const honeypot = sent.get('website');
      const jobId = sent.get(contactFormExtras.jobId);
      const created = await sendInquiry(
        values,
        attachments.files.map((f) => f.file),
        {
          language: i18n.language,
          formToken: (await formToken.current) || (await fetchFormToken()),
          honeypot: typeof honeypot === 'string' ? honeypot : '',
          jobId: typeof jobId === 'string' ? jobId : undefined,
          applicationConsent: sent.get(applicationConsentFields.consent) === applicationConsentValue,
          formVersion: form.version,
          rules,
          added: [...new Set(added.flatMap((f) => controls(f.key).map((c) => c.name)))].flatMap((name) =>
            data.getAll(name).map((v): [string, string] => [name, String(v).trim()]),
          ),
        },
      );
      notify(t('notices.success'));
      setErrors({});
      attachments.clear();
      formToken.current = fetchFormToken();
      setSent({ reference: created.reference, confirmationMail: created.confirmationMail });
      setFresh(true);
      // The confirmation takes the form's place: focus moves there, and the page keeps it in view.
      requestAnimationFrame(() => document.getElementById(sentPanelId)?.focus());
    } catch (error) {
      console.error(error);
      // A file found to be malware: say which, so that the visitor can send the inquiry without it.
      if (error instanceof InquiryRefused && error.malwareFiles.length > 0) {
        notify(t('notices.malware', { files: error.malwareFiles.join(', ') }), { error: true });
      } else if (error instanceof InquiryRefused && error.refusal) refuse(error.refusal);
      else notify(t('notices.failure'), { error: true });
    } finally {
      setSending(false);
    }
  }

  /** "Send another message": the form again, empty, its first field focused. */
  function another(event: MouseEvent) {
    event.preventDefault();
    setSent(undefined);
    setFresh(true);
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('select, input:not([type=hidden])')?.focus());
  }

  return { formRef, errors, onFieldInput, attachments, problems, sending, submit, sent, fresh, another };
}
