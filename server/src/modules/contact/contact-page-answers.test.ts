import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http-error';
import { refusedState, returnTarget } from './contact-page-answers';

const typed = new Map([
  ['subject', ['priceInquiry']],
  ['firstName', ['Erika']],
]);

describe('refusedState: the no-script form reads what was refused from the refusal’s data, not its words', () => {
  it('takes the failed check and its fields from {step, fields}, whatever the message says', () => {
    const error = new HttpError(400, 'validation', 'Es fehlen Angaben zur Preisanfrage', {
      refusal: { step: 'missingPrice', fields: ['CompanyName', 'Regards'] },
    });
    expect(refusedState(error, typed)).toMatchObject({
      notice: { kind: 'missingPrice', fields: ['CompanyName', 'Regards'] },
      errors: { CompanyName: 'required', Regards: 'required' },
      values: { subject: 'priceInquiry', firstName: 'Erika' },
    });
    const invalid = new HttpError(400, 'validation', 'Missing nothing, but wrong', {
      refusal: { step: 'invalid', fields: ['email', 'phone'] },
    });
    expect(refusedState(invalid, typed)).toMatchObject({
      notice: { kind: 'invalid', fields: ['email', 'phone'] },
      errors: { email: 'email', phone: 'invalid' },
    });
  });

  it('takes the refused files from {files}, names with colons included', () => {
    const malware = new HttpError(422, 'malware_found', 'Ein Anhang ist verseucht', {
      errors: [{ field: 'attachment', message: 'reworded' }],
      refusal: { files: ['plan: v2.pdf'] },
    });
    expect(refusedState(malware, typed).notice).toEqual({ kind: 'malware', files: ['plan: v2.pdf'] });
    const type = new HttpError(415, 'unsupported_media_type', 'reworded', { refusal: { files: ['a: b.exe'] } });
    expect(refusedState(type, typed).notice).toEqual({ kind: 'attachments', files: ['a: b.exe'] });
  });

  it('says what the status says when there is no refusal data', () => {
    expect(refusedState(new HttpError(429, 'too_many_requests', 'x'), typed).notice).toEqual({ kind: 'tooMany' });
    expect(refusedState(new HttpError(413, 'payload_too_large', 'x'), typed).notice).toEqual({ kind: 'tooLarge' });
    expect(refusedState(new HttpError(400, 'validation', 'Missing fields: x'), typed).notice).toEqual({ kind: 'failure' });
    expect(refusedState(new Error('boom'), undefined)).toEqual({ values: undefined, notice: { kind: 'failure' } });
  });
});

describe('returnTarget: the form goes back only to a public page of this site', () => {
  const request = (referer?: string) =>
    ({ protocol: 'https', host: 'www.example.de', headers: referer ? { referer } : {} }) as unknown as FastifyRequest;

  it.each([
    ['/project/3', 'project', '/project/3'],
    ['/jobs/1?subject=application', 'job', '/jobs/1?subject=application'],
    ['/Projects?page=9', 'projects', '/Projects?page=9'],
    ['https://www.example.de/aboutus?lang=en', 'aboutus', '/aboutus?lang=en'],
    ['/Herbstaktion', 'customPage', '/Herbstaktion'],
    ['/aktuelles?page=2&lang=en', 'news', '/aktuelles?page=2&lang=en'],
    ['/Aktuelles/neues-fahrzeug?subject=general', 'newsPost', '/Aktuelles/neues-fahrzeug?subject=general'],
  ])('%j → %s', (returnTo, page, url) => {
    expect(returnTarget(request(), returnTo)).toEqual({ page, url });
  });

  it.each([
    '/.//evil.example',
    '/..//evil.example',
    '/%2e//evil.example',
    '/./\\evil.example',
    '/\t/evil.example',
    '/\\evil.example',
    '//evil.example',
    'https://evil.example/jobs',
    'javascript:alert(1)',
    '/dashboard',
    '/login',
    '/no/such/page',
  ])('%j → the contact page', (returnTo) => {
    expect(returnTarget(request(), returnTo)).toEqual({ page: 'contactus', url: '/contactus' });
  });

  it('falls back to the Referer, checked the same way', () => {
    expect(returnTarget(request('https://www.example.de/jobs/2'), undefined)).toEqual({ page: 'job', url: '/jobs/2' });
    expect(returnTarget(request('https://evil.example/jobs/2'), '/.//evil.example')).toEqual({
      page: 'contactus',
      url: '/contactus',
    });
  });
});
