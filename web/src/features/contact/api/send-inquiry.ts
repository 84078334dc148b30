import {
  type ContactCreated,
  type InquiryValues,
  applicationConsentFields,
  applicationConsentValue,
  applicationConsentVersion,
  type FieldRules,
  type InquirySubject,
  adjustableFields,
  contactFormExtras,
  formVersionField,
  shippedFieldRule,
  contactRoutes,
  apiUrl,
} from '@blitz/contract';

export type InquiryExtras = {
  language: string;
  formToken: string;
  honeypot: string;
  jobId?: string | undefined;
  /** The application's box to be kept for later openings, ticked (decision 050). */
  applicationConsent?: boolean;
  /** The version of the form's definition shown (issue 44), and its rules: only the fields the type shows are sent. */
  formVersion?: number;
  rules?: FieldRules;
  /** The fields the chosen type adds (issue 44), by form field name, each value once. */
  added?: [string, string][];
};

/**
 * The token the server measures the fill time from, asked for when the form becomes
 * interactive. Without one ('' after a network error) the inquiry still goes out, and the
 * server keeps it for staff to look at as possible spam.
 */
export async function fetchFormToken(): Promise<string> {
  try {
    const response = await fetch(apiUrl(contactRoutes.formToken), { headers: { accept: 'application/json' } });
    const body = (await response.json()) as { token?: unknown };
    return response.ok && typeof body.token === 'string' ? body.token : '';
  } catch {
    return '';
  }
}

/**
 * The server did not take the inquiry: its status, its problem code, the files it names as
 * malware, and a check's refusal (the fields, and whether they were missing or wrong).
 */
export class InquiryRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    readonly malwareFiles: string[],
    readonly refusal?: { step: 'missing' | 'missingPrice' | 'invalid'; fields: string[] },
  ) {
    super(`Contact form: the server answered ${status}${code ? ` (${code})` : ''}`);
  }
}

/** Reads a refusal's problem+json by hand (the form stays free of the schema library). */
export function inquiryRefusal(status: number, body: string): InquiryRefused {
  let problem: { code?: unknown; files?: unknown; step?: 'missing' | 'missingPrice' | 'invalid'; errors?: { field: string }[] } =
    {};
  try {
    problem = JSON.parse(body) as typeof problem;
  } catch {
    // not problem+json (a proxy's page): status only
  }
  const code = typeof problem.code === 'string' ? problem.code : undefined;
  // The files the refusal names, as data (`files`): never read out of a message's wording.
  const files = Array.isArray(problem.files) ? (problem.files as unknown[]) : [];
  const malwareFiles = code === 'malware_found' ? files.filter((f): f is string => typeof f === 'string') : [];
  // A field the form's own check let through (the server checks more): named as the form would.
  const { step, errors } = problem;
  return new InquiryRefused(status, code, malwareFiles, step && errors && { step, fields: errors.map((e) => e.field) });
}

/**
 * POST /api/v1/Contact as multipart (SPEC.md §3): the five fields every inquiry has, and those of
 * the phone, the company and the building the type shows (for SPEC.md's price inquiry all four,
 * Regards as one comma-separated entry), every file under `attachment`.
 */
export async function sendInquiry(values: InquiryValues, files: File[], extras: InquiryExtras): Promise<ContactCreated> {
  const form = new FormData();
  for (const name of ['subject', 'firstName', 'lastName', 'email', 'message'] as const) form.append(name, values[name].trim());
  const rules = extras.rules ?? shippedFieldRule;
  for (const name of adjustableFields.filter((f) => rules(values.subject as InquirySubject, f).shown)) {
    form.append(name, name === 'Regards' ? values.Regards.join(',') : values[name].trim());
  }
  for (const [name, value] of extras.added ?? []) if (value) form.append(name, value);
  if (extras.formVersion !== undefined) form.append(formVersionField, String(extras.formVersion));
  form.append(contactFormExtras.language, extras.language);
  form.append(contactFormExtras.formToken, extras.formToken);
  form.append(contactFormExtras.honeypot, extras.honeypot);
  if (values.subject === 'application' && extras.jobId) form.append(contactFormExtras.jobId, extras.jobId);
  if (values.subject === 'application' && extras.applicationConsent) {
    form.append(applicationConsentFields.consent, applicationConsentValue);
    form.append(applicationConsentFields.version, applicationConsentVersion);
  }
  for (const file of files) form.append(contactFormExtras.attachment, file, file.name);
  const response = await fetch(apiUrl(contactRoutes.send), {
    method: 'POST',
    body: form,
    headers: { accept: 'application/json' },
  });
  if (response.status !== 201) throw inquiryRefusal(response.status, await response.text().catch(() => ''));
  // Checked by hand, not with the contract's zod schema: the form is on every page and would
  // otherwise bring the whole schema library along for three fields.
  const body = (await response.json()) as Partial<ContactCreated>;
  if (typeof body.id !== 'number' || typeof body.reference !== 'string') throw new Error('Contact form: unexpected answer');
  // Stored: said as sent even if the answer leaves out whether a confirmation is mailed (then: none promised).
  return { id: body.id, reference: body.reference, confirmationMail: body.confirmationMail === true };
}
