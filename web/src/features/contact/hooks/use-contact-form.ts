import { type FormEvent, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { type InquiryField, type InquiryValues, type Regard, checkInquiry } from '@blitz/contract';
import { notify } from '../../../components/notifications';
import { InquiryRefused, fetchFormToken, sendInquiry } from '../api/send-inquiry';
import { attachmentProblems, ruleLimits } from '../attachment-rules';
import { useAttachments } from './use-attachments';

const noSubscription = () => () => {};

export const emptyValues: InquiryValues = {
  subject: '',
  firstName: '',
  lastName: '',
  phone: '',
  email: '',
  message: '',
  CompanyName: '',
  CompanyAddress: '',
  BuildingSize: '',
  Regards: [],
};

export type FieldErrorKind = 'required' | 'email' | 'invalid';

/**
 * The contact form's state and its send: the spec's check in the spec's order (a notice naming
 * the fields, each also marked at the field), the attachment limits, then the POST; success resets.
 */
export function useContactForm() {
  const { t, i18n } = useTranslation('contact');
  const [values, setValues] = useState<InquiryValues>(emptyValues);
  const [errors, setErrors] = useState<Partial<Record<InquiryField, FieldErrorKind>>>({});
  const [sending, setSending] = useState(false);
  // The send button works only once React runs: before that a click would submit the bare HTML form.
  // (False while rendering on the server and hydrating, true right after.)
  const ready = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const [honeypot, setHoneypot] = useState('');
  // When the form became interactive, as the server signed it (the spam check's fill time).
  const formToken = useRef<Promise<string>>(undefined);
  const attachments = useAttachments();
  const problems = attachmentProblems(attachments.files.map((f) => f.file));

  useEffect(() => {
    formToken.current = fetchFormToken();
  }, []);

  const set = (field: Exclude<InquiryField, 'Regards'>, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const toggleRegard = (regard: Regard) => {
    setValues((v) => ({
      ...v,
      Regards: v.Regards.includes(regard) ? v.Regards.filter((r) => r !== regard) : [...v.Regards, regard],
    }));
    setErrors((e) => ({ ...e, Regards: undefined }));
  };

  const label = (field: InquiryField) => t(`fields.${field}`);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const check = checkInquiry(values);
    if (!check.ok) {
      const kind: FieldErrorKind = check.step === 'invalid' ? 'invalid' : 'required';
      setErrors(Object.fromEntries(check.fields.map((f) => [f, f === 'email' && kind === 'invalid' ? 'email' : kind])));
      const notice = {
        missing: 'notices.missingFields',
        missingPrice: 'notices.missingPriceFields',
        invalid: 'notices.invalidFields',
      }[check.step];
      notify(t(notice, { fields: check.fields.map(label).join(', ') }), { error: true });
      const form = event.currentTarget;
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
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
      await sendInquiry(
        values,
        attachments.files.map((f) => f.file),
        { language: i18n.language, formToken: (await formToken.current) || (await fetchFormToken()), honeypot },
      );
      notify(t('notices.success'));
      setValues(emptyValues);
      setErrors({});
      setHoneypot('');
      attachments.clear();
      formToken.current = fetchFormToken();
    } catch (error) {
      console.error(error);
      // A file found to be malware: say which, so that the visitor can send the inquiry without it.
      if (error instanceof InquiryRefused && error.malwareFiles.length > 0) {
        notify(t('notices.malware', { files: error.malwareFiles.join(', ') }), { error: true });
      } else notify(t('notices.failure'), { error: true });
    } finally {
      setSending(false);
    }
  }

  return { values, errors, set, toggleRegard, attachments, problems, sending, ready, honeypot, setHoneypot, submit };
}
