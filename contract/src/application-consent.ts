// The box of the application form by which an applicant agrees to be kept for later openings
// (issue 42, decision 050). Plain constants, no zod: the form is on every public page.
//
// The wording lives here, not in the editable page texts: what the applicant saw is stored with
// their consent, so the form shows exactly these words and the server stores exactly them. Change
// a text only by adding a new version (and making it current); keep the old ones, so that a form
// rendered before the change and sent after it still stores the words it showed.

/** Every wording the box has had, by version. */
export const applicationConsentTexts = {
  '2026-12-16': {
    de: 'Ich bin einverstanden, dass Sie meine Bewerbung nach Abschluss des Verfahrens aufbewahren, um mich bei späteren Stellen zu berücksichtigen. Ich kann diese Einwilligung jederzeit widerrufen.',
    en: 'I agree that you keep my application after this application process has ended, to consider me for later openings. I can withdraw this consent at any time.',
  },
} as const satisfies Record<string, { de: string; en: string }>;

export type ApplicationConsentVersion = keyof typeof applicationConsentTexts;

/** The wording the form shows now. */
export const applicationConsentVersion: ApplicationConsentVersion = '2026-12-16';

export function isApplicationConsentVersion(value: string): value is ApplicationConsentVersion {
  return Object.hasOwn(applicationConsentTexts, value);
}

/** The multipart fields of the box: ticked it sends `consentValue`; the version names the words shown. */
export const applicationConsentFields = {
  consent: 'applicationConsent',
  version: 'applicationConsentVersion',
} as const;
export const applicationConsentValue = 'true';
