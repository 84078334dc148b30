import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  type ContactFormState,
  type FieldErrorKind,
  type InquiryValues,
  type PageKey,
  applicationConsentFields,
  applicationConsentValue,
  contactFormExtras,
  generalFields,
  inquiryReferenceParam,
  inquirySentParam,
  pageKeys,
  pages,
  priceInquiryFields,
  reservedFieldNames,
  splitRegards,
} from '@blitz/contract';
import { HttpError } from '../../lib/http-error';
import { requestOrigin, sameOriginPath } from '../../lib/same-origin-path';

/**
 * Answers to the footer form sent by a browser without JavaScript (an ordinary form post, which
 * asks for HTML): success leads back to the page it came from (303, with the success notice);
 * a refusal shows that page again with the spec's notice, the fields marked and every value
 * typed kept (files cannot be: the form says to choose them again). The checks, limits and spam
 * rules are the API's own: only the answer differs.
 */

/** A form post from a browser (it accepts HTML), not the form's script or another API client. */
export function wantsPage(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return /text\/html/.test(accept) && !/application\/json/.test(accept);
}

/** The page of a same-site path, matched as the router does (case-insensitive). */
function pageOf(pathname: string): PageKey | undefined {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  return pageKeys.find((key) => {
    const pattern = pages[key].path.toLowerCase();
    // A page staff added, a news post: one segment in the address's place (whether one is there, its filler tells).
    const parts = pattern.replace(':id', '\\d{1,10}').replace(':address', '[^/]+');
    return parts === pattern ? pattern === path : new RegExp(`^${parts}$`).test(path);
  });
}

/**
 * Where to go back to: the form's `returnTo`, else its Referer, else the contact page; each
 * through the one same-origin check (lib/same-origin-path.ts), and only a public page that
 * carries the form (a project's, a job's, a gallery view: whatever the address).
 */
export function returnTarget(request: FastifyRequest, returnTo: string | undefined): { page: PageKey; url: string } {
  const origin = requestOrigin(request);
  for (const candidate of [returnTo, request.headers.referer]) {
    const url = sameOriginPath(candidate, origin);
    const page = url === undefined ? undefined : pageOf(new URL(url, origin).pathname);
    if (url !== undefined && page && page !== 'login' && page !== 'dashboard') return { page, url };
  }
  return { page: 'contactus', url: pages.contactus.path };
}

/** The address to lead to after a successful send: the page, with the success notice and the reference, at the form. */
export function sentAddress(url: string, reference: string): string {
  const address = new URL(url, 'http://site.invalid');
  address.searchParams.set(inquirySentParam, 'sent');
  address.searchParams.set(inquiryReferenceParam, reference);
  return `${address.pathname}${address.search}#contact-form`;
}

/** What the visitor typed, as the form shows it again. */
/** The form's own field names, SPEC.md's and the extras: every other name is an added field's. */
const knownFormNames = new Set(reservedFieldNames);

export function typedValues(fields: Map<string, string[]>): InquiryValues {
  const text = (name: string) => fields.get(name)?.[0] ?? '';
  const values = Object.fromEntries(
    [...generalFields, ...priceInquiryFields].map((f) => [f, text(f)]),
  ) as unknown as InquiryValues;
  values.Regards = splitRegards(fields.get('Regards') ?? []);
  return values;
}

/**
 * The form's state for a refusal: the notice of SPEC.md §8 (or the limit that was broken) and the
 * marked fields, from the refusal's structured data (`{step, fields}`, `{files}`): never from its
 * message, which may be reworded.
 */
export function refusedState(error: unknown, fields: Map<string, string[]> | undefined): ContactFormState {
  const state = refusalState(error, fields);
  // The application's box as it was sent: ticked, it is shown ticked again (decision 050).
  return fields?.get(applicationConsentFields.consent)?.[0] === applicationConsentValue
    ? { ...state, applicationConsent: true }
    : state;
}

function refusalState(error: unknown, fields: Map<string, string[]> | undefined): ContactFormState {
  const values = fields ? typedValues(fields) : undefined;
  // What was typed into the fields a type adds (issue 44): the form shows them again by name.
  const added = fields && Object.fromEntries([...fields].filter(([name]) => !knownFormNames.has(name)));
  if (!(error instanceof HttpError)) return { values, notice: { kind: 'failure' } };
  const refusal = error.extra.refusal;
  if (refusal && 'step' in refusal) {
    const mark: FieldErrorKind = refusal.step === 'invalid' ? 'invalid' : 'required';
    return {
      values,
      added,
      errors: Object.fromEntries(refusal.fields.map((f) => [f, f === 'email' && mark === 'invalid' ? 'email' : mark])),
      notice: { kind: refusal.step, fields: refusal.fields },
    };
  }
  if (refusal && error.code === 'malware_found') return { values, added, notice: { kind: 'malware', files: refusal.files } };
  if (refusal) return { values, added, notice: { kind: 'attachments', files: refusal.files } };
  if (error.status === 429) return { values, added, notice: { kind: 'tooMany' } };
  if (error.status === 413) return { values, added, notice: { kind: 'tooLarge' } };
  return { values, added, notice: { kind: 'failure' } };
}

/** Shows the page again with the refused form; the status stays the API's (400, 413, 429, 503 …). */
export async function answerRefusedForm(
  request: FastifyRequest,
  reply: FastifyReply,
  error: unknown,
  fields: Map<string, string[]> | undefined,
): Promise<FastifyReply> {
  const status = error instanceof HttpError ? error.status : 500;
  if (error instanceof HttpError)
    for (const [name, value] of Object.entries(error.extra.headers ?? {})) reply.header(name, value);
  const { page, url } = returnTarget(request, fields?.get(contactFormExtras.returnTo)?.[0]);
  reply.status(status);
  return request.server.serveFormPage(page, request, reply, url, refusedState(error, fields));
}
