import { describe, expect, it, vi } from 'vitest';
import { applicationConsentFields, applicationConsentVersion } from '@blitz/contract';
import { inquiryRefusal, sendInquiry } from './send-inquiry';

describe('inquiryRefusal', () => {
  it('names the files the server found to be malware, from the refusal’s data, whatever its messages say', () => {
    const body = JSON.stringify({
      status: 422,
      code: 'malware_found',
      errors: [{ field: 'attachment', message: 'Schadsoftware gefunden' }],
      files: ['angebot: 2026.pdf'],
    });
    expect(inquiryRefusal(422, body)).toMatchObject({ status: 422, code: 'malware_found', malwareFiles: ['angebot: 2026.pdf'] });
  });

  it('keeps the status and code of any other refusal, and copes with a body that is not problem+json', () => {
    const invalid = JSON.stringify({ code: 'validation', errors: [{ field: 'email', message: 'required' }] });
    expect(inquiryRefusal(400, invalid)).toMatchObject({ status: 400, code: 'validation', malwareFiles: [] });
    expect(inquiryRefusal(502, '<html>Bad Gateway</html>')).toMatchObject({ status: 502, code: undefined, malwareFiles: [] });
  });
});

describe('sendInquiry', () => {
  const values = {
    subject: 'application',
    firstName: 'Erika',
    lastName: 'Musterfrau',
    phone: '06181 12345',
    email: 'erika@example.org',
    message: 'Bewerbung',
    CompanyName: '',
    CompanyAddress: '',
    BuildingSize: '',
    Regards: [],
  };
  const extras = { language: 'en', formToken: 't', honeypot: '' };

  /** The multipart fields sendInquiry posts, by name. */
  async function sent(run: () => Promise<unknown>): Promise<Map<string, string[]>> {
    let body: FormData | undefined;
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      body = init.body as FormData;
      return new Response(JSON.stringify({ id: 1, reference: '20261216-ABCDEF', confirmationMail: true }), { status: 201 });
    });
    try {
      await run();
    } finally {
      vi.unstubAllGlobals();
    }
    const fields = new Map<string, string[]>();
    for (const [name, value] of body!.entries()) fields.set(name, [...(fields.get(name) ?? []), String(value)]);
    return fields;
  }

  it('sends an application’s ticked box to be kept for later openings with the version of its words (decision 050)', async () => {
    const fields = await sent(() => sendInquiry(values, [], { ...extras, applicationConsent: true }));
    expect(fields.get(applicationConsentFields.consent)).toEqual(['true']);
    expect(fields.get(applicationConsentFields.version)).toEqual([applicationConsentVersion]);
  });

  it('sends no consent when the box is not ticked, nor for another type (the box was hidden)', async () => {
    const unticked = await sent(() => sendInquiry(values, [], extras));
    expect(unticked.has(applicationConsentFields.consent)).toBe(false);
    const general = await sent(() =>
      sendInquiry({ ...values, subject: 'generalMessage' }, [], { ...extras, applicationConsent: true }),
    );
    expect(general.has(applicationConsentFields.consent)).toBe(false);
    expect(general.has(applicationConsentFields.version)).toBe(false);
  });

  it('sends the fields the type shows and the version of the form shown (issue 44)', async () => {
    const shipped = await sent(() => sendInquiry(values, [], extras));
    expect([...shipped.keys()].filter((k) => k in values)).toEqual([
      'subject',
      'firstName',
      'lastName',
      'email',
      'message',
      'phone',
    ]);
    expect(shipped.has('formVersion')).toBe(false);
    // Staff hid the phone of an application and asked it for the company's name.
    const rules = (_subject: string, field: string) =>
      field === 'CompanyName' ? { shown: true, required: false } : { shown: false, required: false };
    const shaped = await sent(() =>
      sendInquiry({ ...values, CompanyName: 'Gemeinde Hanau' }, [], { ...extras, rules, formVersion: 3 }),
    );
    expect(shaped.get('CompanyName')).toEqual(['Gemeinde Hanau']);
    expect(shaped.has('phone')).toBe(false);
    expect(shaped.get('formVersion')).toEqual(['3']);
  });
});
