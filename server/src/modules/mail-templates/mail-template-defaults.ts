import type { MailTemplateKind, MailTemplateLanguage } from '@blitz/contract';

export type TemplateWords = { subject: string; body: string };

/**
 * The shipped words (SPEC.md's mails), the same for every inquiry type: with nothing saved the
 * mails read exactly as before the templates. A line whose placeholders all come out empty is
 * left out, so "Stelle: {jobTitle}" shows only where there is a job.
 */
export const defaultTemplates: Record<MailTemplateKind, Record<MailTemplateLanguage, TemplateWords>> = {
  confirmation: {
    de: {
      subject: 'Ihre Anfrage bei {companyName} (Referenz {reference})',
      body: [
        'Guten Tag,',
        '',
        'vielen Dank für Ihre Anfrage an {companyName}. Wir haben sie erhalten und melden uns so bald wie möglich.',
        '',
        'Ihre Referenznummer: {reference}',
        'Art der Anfrage: {type}',
        'Stelle: {jobTitle}',
        'Anliegen: {regards}',
        '',
        'Sie haben uns übermittelt:',
        '{fieldsSent}',
        '',
        '{attachments}',
        '',
        'Sie haben diese Anfrage nicht gestellt? Dann können Sie diese E-Mail ignorieren.',
        '',
        '{companyLegalName}',
        '{companyAddress}',
        '{companyPhone} · {companyEmail}',
      ].join('\n'),
    },
    en: {
      subject: 'Your request to {companyName} (reference {reference})',
      body: [
        'Hello,',
        '',
        'thank you for contacting {companyName}. We have received your request and will get back to you as soon as we can.',
        '',
        'Your reference number: {reference}',
        'Type of request: {type}',
        'Position: {jobTitle}',
        'Areas of interest: {regards}',
        '',
        'You sent us:',
        '{fieldsSent}',
        '',
        '{attachments}',
        '',
        'You did not send this request? Then please ignore this e-mail.',
        '',
        '{companyLegalName}',
        '{companyAddress}',
        '{companyPhone} · {companyEmail}',
      ].join('\n'),
    },
  },
  notification: {
    de: {
      subject: '{typeAndJob} von {visitorAndCompany} [{reference}]',
      body: [
        'Neue Anfrage über das Kontaktformular der Website ({typeAndJob}).',
        '',
        '{fields}',
        '',
        'Nachricht:',
        '{message}',
        '',
        '{attachments}',
        '',
        'Mit „Antworten“ geht Ihre Antwort direkt an den Absender. Die Anfrage ist auch im Dashboard gespeichert.',
      ].join('\n'),
    },
    en: {
      subject: '{typeAndJob} from {visitorAndCompany} [{reference}]',
      body: [
        "New inquiry through the website's contact form ({typeAndJob}).",
        '',
        '{fields}',
        '',
        'Message:',
        '{message}',
        '',
        '{attachments}',
        '',
        'Replying sends your answer straight to the sender. The inquiry is also kept in the dashboard.',
      ].join('\n'),
    },
  },
};
