import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  type ContactFormState,
  type FieldErrorKind,
  type InquiryField,
  type InquiryValues,
  type PageKey,
  contactFormExtras,
  generalFields,
  inquirySentParam,
  pageKeys,
  pages,
  priceInquiryFields,
  splitRegards,
} from '@blitz/contract';
import { HttpError } from '../../lib/http-error';

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
    if (pattern.includes(':id')) return new RegExp(`^${pattern.replace(':id', '\\d{1,10}')}$`).test(path);
    return pattern === path;
  });
}

/** Where to go back to: the form's `returnTo` (a path on this site), else its Referer, else the contact page. */
export function returnTarget(request: FastifyRequest, returnTo: string | undefined): { page: PageKey; url: string } {
  const candidates = [returnTo, request.headers.referer];
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      const address = new URL(candidate, 'http://site.invalid');
      // Only paths of this site: an absolute address elsewhere (an open redirect) is ignored.
      if (candidate.startsWith('//') || (address.host !== 'site.invalid' && address.host !== request.host)) continue;
      const page = pageOf(address.pathname);
      if (page && page !== 'login' && page !== 'dashboard') return { page, url: `${address.pathname}${address.search}` };
    } catch {
      // not an address
    }
  }
  return { page: 'contactus', url: pages.contactus.path };
}

/** The address to lead to after a successful send: the page, with the success notice, at the form. */
export function sentAddress(url: string): string {
  const address = new URL(url, 'http://site.invalid');
  address.searchParams.set(inquirySentParam, 'sent');
  return `${address.pathname}${address.search}#contact-form`;
}

/** What the visitor typed, as the form shows it again. */
export function typedValues(fields: Map<string, string[]>): InquiryValues {
  const text = (name: string) => fields.get(name)?.[0] ?? '';
  const values = Object.fromEntries(
    [...generalFields, ...priceInquiryFields].map((f) => [f, text(f)]),
  ) as unknown as InquiryValues;
  values.Regards = splitRegards(fields.get('Regards') ?? []);
  return values;
}

/** The form's state for a refusal: the notice of SPEC.md §8 (or the limit that was broken) and the marked fields. */
export function refusedState(error: unknown, fields: Map<string, string[]> | undefined): ContactFormState {
  const values = fields ? typedValues(fields) : undefined;
  if (!(error instanceof HttpError)) return { values, notice: { kind: 'failure' } };
  const named = (error.extra.errors ?? []).map((e) => e.field);
  if (error.status === 400 && error.code === 'validation' && !named.includes(contactFormExtras.attachment)) {
    const kind = error.message.startsWith('Missing price')
      ? 'missingPrice'
      : error.message.startsWith('Missing')
        ? 'missing'
        : 'invalid';
    const marks = named as InquiryField[];
    const mark: FieldErrorKind = kind === 'invalid' ? 'invalid' : 'required';
    return {
      values,
      errors: Object.fromEntries(marks.map((f) => [f, f === 'email' && mark === 'invalid' ? 'email' : mark])),
      notice: { kind, fields: marks },
    };
  }
  if (error.status === 429) return { values, notice: { kind: 'tooMany' } };
  if (error.code === 'malware_found') {
    const files = (error.extra.errors ?? []).map((e) => e.message.replace(/: malware found$/, ''));
    return { values, notice: { kind: 'malware', files } };
  }
  if (error.status === 413) return { values, notice: { kind: 'tooLarge' } };
  if (error.status === 415 || named.includes(contactFormExtras.attachment)) {
    // The messages name the file first ("plan.exe: type not accepted"): the visitor gets the names.
    const files = (error.extra.errors ?? []).map((e) => e.message.replace(/: [^:]*$/, ''));
    return { values, notice: { kind: 'attachments', files } };
  }
  return { values, notice: { kind: 'failure' } };
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
