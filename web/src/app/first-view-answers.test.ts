import { describe, expect, it } from 'vitest';
import {
  checklistSchema,
  defaultCompanyDetails,
  inquiryJobChoicesSchema,
  inquiryListSchema,
  inquiryTypeListSchema,
  inquiryUnreadSchema,
  jobListSchema,
  loginResponseSchema,
  ownAccountSchema,
  problemSchema,
  sampleContentRemovalSchema,
  secondFactorConfirmResponseSchema,
  secondFactorSetupResponseSchema,
  secondFactorStatusSchema,
  verifyResponseSchema,
  companyDetailsSchema,
  inquiryAssigneesSchema,
  inquiryDetailSchema,
  inquiryReplyCreatedSchema,
  replyTemplatesSchema,
  siteAddressSchema,
  siteAddressSources,
} from '@blitz/contract';
import {
  type AnswerReader,
  checklistAnswer,
  companyDetailsAnswer,
  inquiryAssigneesAnswer,
  inquiryDetailAnswer,
  inquiryJobChoicesAnswer,
  inquiryListAnswer,
  inquiryReplyCreatedAnswer,
  inquiryTypeNamesAnswer,
  jobTitlesAnswer,
  ownAccountAnswer,
  replyTemplatesAnswer,
  sampleContentRemovalAnswer,
  secondFactorConfirmAnswer,
  secondFactorSetupAnswer,
  secondFactorStatusAnswer,
  siteAddressAnswer,
  tokenAnswer,
  unreadAnswer,
  verifyAnswer,
} from '../lib/answer-reader';
import { ApiError, apiRequest } from '../lib/api-client';
import { inquiryRow } from './inquiry-row.test-kit';

// The dashboard's first view, and the inquiry dialog that follows it, read their answers without zod
// (lib/answer-reader.ts, issue 46). Each
// example is an answer the contract's schema accepts: the reader must give what the schema gives
// (or, where it reads only part, that part), and refuse what the schema refuses in the fields it reads.

const row = inquiryRow;
const application = {
  ...row,
  id: 8,
  subject: 'application',
  typeNames: { de: 'Bewerbung', en: 'Application' },
  companyName: 'Muster GmbH',
  assignee: null,
  followUpOn: null,
  status: 'inProgress',
  job: { id: 3, title: 'Monteur' },
};

const same = <T>(reader: AnswerReader<T>, schema: { parse: (data: unknown) => unknown }, answer: unknown) => {
  const read = reader.safeParse(answer);
  expect(read).toEqual({ success: true, data: schema.parse(answer) });
};
const refused = <T>(reader: AnswerReader<T>, schema: { safeParse: (data: unknown) => { success: boolean } }, answer: unknown) => {
  expect(schema.safeParse(answer).success).toBe(false);
  expect(reader.safeParse(answer).success).toBe(false);
};

describe("the first view's answers, read without zod", () => {
  it('reads the token check as the contract does', () => {
    same(verifyAnswer, verifyResponseSchema, { valid: false });
    same(verifyAnswer, verifyResponseSchema, { valid: true, username: 'anna', expiresAt: '2026-12-17T00:00:00Z' });
    same(verifyAnswer, verifyResponseSchema, {
      valid: true,
      username: 'paul',
      displayName: 'Paul Peters',
      expiresAt: '2026-12-17T00:00:00Z',
      passwordChangeRequired: false,
      secondFactorSetupRequired: true,
      role: 'editorInbox',
      inquiryTypes: ['priceInquiry', 'application'],
    });
    same(verifyAnswer, verifyResponseSchema, {
      valid: true,
      username: 'x',
      expiresAt: 'y',
      displayName: null,
      inquiryTypes: null,
    });
    refused(verifyAnswer, verifyResponseSchema, { valid: true, username: 'x', expiresAt: 'y', role: 'owner' });
    refused(verifyAnswer, verifyResponseSchema, { valid: true, expiresAt: 'y' });
    refused(verifyAnswer, verifyResponseSchema, null);
  });

  it('reads tokens, counts, the second factor and the own account as the contract does', () => {
    same(tokenAnswer, loginResponseSchema, { jwtToken: 'a.b.c' });
    refused(tokenAnswer, loginResponseSchema, { token: 'a.b.c' });
    same(unreadAnswer, inquiryUnreadSchema, { count: 3 });
    refused(unreadAnswer, inquiryUnreadSchema, { count: 1.5 });
    same(secondFactorStatusAnswer, secondFactorStatusSchema, { enabled: true, recoveryCodesLeft: 8, required: false });
    refused(secondFactorStatusAnswer, secondFactorStatusSchema, { enabled: 'yes', recoveryCodesLeft: 8, required: false });
    same(secondFactorSetupAnswer, secondFactorSetupResponseSchema, { secret: 'ABC', uri: 'otpauth://totp/x' });
    same(secondFactorConfirmAnswer, secondFactorConfirmResponseSchema, { recoveryCodes: ['a', 'b'], jwtToken: 't' });
    refused(secondFactorConfirmAnswer, secondFactorConfirmResponseSchema, { recoveryCodes: [1], jwtToken: 't' });
    same(ownAccountAnswer, ownAccountSchema, { username: 'anna', displayName: null });
    same(ownAccountAnswer, ownAccountSchema, { username: 'anna', displayName: 'Anna' });
  });

  it("reads the inbox's page as the contract does", () => {
    same(inquiryListAnswer, inquiryListSchema, { data: [row, application], count: 2, countCapped: false });
    same(inquiryListAnswer, inquiryListSchema, { data: [], count: 1000, countCapped: true });
    refused(inquiryListAnswer, inquiryListSchema, { data: [{ ...row, status: 'handled' }], count: 1, countCapped: false });
    refused(inquiryListAnswer, inquiryListSchema, { data: [{ ...row, id: '7' }], count: 1, countCapped: false });
    refused(inquiryListAnswer, inquiryListSchema, { data: [row], count: 1 });
  });

  it("reads an admin's go-live checklist and its changes' answers as the contract does", () => {
    const checklist = {
      items: [
        { key: 'companyDetails', done: false, dismissed: false },
        { key: 'logo', done: true, dismissed: false, detail: {} },
        {
          key: 'publicAddress',
          done: false,
          dismissed: true,
          detail: {
            publicOrigin: 'https://a.example',
            requestOrigin: 'http://b.example',
            dismissedBy: 'anna',
            dismissedAt: '2026-11-20T10:00:00Z',
          },
        },
        { key: 'mailRecipients', done: true, dismissed: false, detail: { confirmedAt: null } },
        { key: 'sampleContent', done: false, dismissed: false, detail: { remaining: { projects: 24, categories: 6, jobs: 2 } } },
        { key: 'legalTexts', done: true, dismissed: false, detail: { reviewedBy: 'anna', reviewedAt: '2026-11-21T09:00:00Z' } },
        { key: 'secondFactor', done: false, dismissed: false, detail: { without: ['anna', 'paul'] } },
        {
          key: 'backup',
          done: true,
          dismissed: false,
          detail: { lastBackup: { at: '2026-11-27T02:00:00Z', bytes: 52_000_000 } },
        },
        { key: 'oldAddresses', done: false, dismissed: false, detail: { redirects: 3, unredirected: ['/alt'], toHidden: [] } },
      ],
      complete: false,
    };
    same(checklistAnswer, checklistSchema, checklist);
    same(checklistAnswer, checklistSchema, { items: [], complete: true });
    // A field the contract does not know is left out by both.
    same(checklistAnswer, checklistSchema, {
      items: [{ key: 'logo', done: true, dismissed: false, detail: { later: 1 } }],
      complete: false,
    });
    same(checklistAnswer, checklistSchema, {
      items: [{ key: 'backup', done: false, dismissed: false, detail: { lastBackup: null } }],
      complete: false,
    });
    refused(checklistAnswer, checklistSchema, { items: [{ key: 'favicon', done: true, dismissed: false }], complete: false });
    refused(checklistAnswer, checklistSchema, { items: [{ key: 'logo', done: 'yes', dismissed: false }], complete: false });
    refused(checklistAnswer, checklistSchema, {
      items: [{ key: 'secondFactor', done: false, dismissed: false, detail: { without: 'anna' } }],
      complete: false,
    });
    refused(checklistAnswer, checklistSchema, {
      items: [{ key: 'backup', done: false, dismissed: false, detail: { lastBackup: { at: 1 } } }],
      complete: false,
    });
    refused(checklistAnswer, checklistSchema, { items: [] });
    same(sampleContentRemovalAnswer, sampleContentRemovalSchema, { projects: 24, categories: 6, jobs: 2 });
    refused(sampleContentRemovalAnswer, sampleContentRemovalSchema, { projects: 24, categories: 6 });
  });

  it('reads the inquiry types, the job choices and the jobs as far as the filter names them', () => {
    const types = {
      version: 2,
      types: [
        { key: 'priceInquiry', names: { de: 'Preisanfrage', en: 'Price inquiry' }, fields: [], builtIn: true, revision: 0 },
        {
          key: 'added-roof',
          names: { de: 'Dachcheck', en: 'Roof check' },
          fields: [],
          builtIn: false,
          removed: true,
          revision: 3,
        },
      ],
    };
    const contract = inquiryTypeListSchema.parse(types);
    expect(inquiryTypeNamesAnswer.safeParse(types)).toEqual({
      success: true,
      data: { types: contract.types.map(({ key, names, builtIn, removed }) => ({ key, names, builtIn, removed })) },
    });
    same(inquiryJobChoicesAnswer, inquiryJobChoicesSchema, [
      { id: 3, title: 'Monteur' },
      { id: 4, title: null },
    ]);
    const jobs = {
      data: [
        {
          id: 3,
          title: [
            { content: 'Fitter', language: 1 },
            { content: 'Monteur', language: 2 },
          ],
          location: 'Hanau',
          employmentType: 'fullTime',
          validThrough: null,
          tasks: [],
          profile: [],
          offer: [],
        },
      ],
      count: 1,
    };
    const parsed = jobListSchema.safeParse(jobs);
    const read = jobTitlesAnswer.safeParse(jobs);
    expect(read.success).toBe(true);
    // Where the contract's schema accepts this example, the titles are the same.
    if (parsed.success && read.success) {
      expect(read.data.data).toEqual(parsed.data.data.map(({ id, title }) => ({ id, title })));
    }
  });

  it("reads the saved company details in a staff page as the contract's schema does", () => {
    same(companyDetailsAnswer, companyDetailsSchema, defaultCompanyDetails);
    refused(companyDetailsAnswer, companyDetailsSchema, { ...defaultCompanyDetails, name: 42 });
  });

  it("reads the site's address for the notice above the tabs as the contract's schema does", () => {
    const address = {
      publicOrigin: 'https://www.blitzschutz-muster.de',
      source: 'website',
      siteUrl: null,
      websiteOrigin: 'https://www.blitzschutz-muster.de',
      requestOrigin: 'http://10.0.0.5:3000',
      requestOrigins: ['http://10.0.0.5:3000', 'https://www.blitzschutz-muster.de'],
      matches: false,
    };
    for (const source of siteAddressSources) same(siteAddressAnswer, siteAddressSchema, { ...address, source });
    same(siteAddressAnswer, siteAddressSchema, { ...address, siteUrl: 'https://example.de', requestOrigin: null, matches: true });
    refused(siteAddressAnswer, siteAddressSchema, { ...address, source: 'proxy' });
    refused(siteAddressAnswer, siteAddressSchema, { ...address, matches: 'no' });
    refused(siteAddressAnswer, siteAddressSchema, { ...address, requestOrigins: [42] });
    refused(siteAddressAnswer, siteAddressSchema, { ...address, websiteOrigin: undefined });
  });

  it("reads a problem's fields as the contract describes them", async () => {
    const body = {
      type: 'about:blank#edit_conflict',
      title: 'Conflict',
      status: 409,
      detail: 'changed meanwhile',
      code: 'edit_conflict',
      errors: [{ field: 'name', message: 'Required' }],
      changedBy: { name: 'Paul', at: '2026-11-27T08:00:00Z' },
      inTrash: true,
      usedOn: [],
    };
    const contract = problemSchema.parse(body);
    const fetched = globalThis.fetch;
    globalThis.fetch = () => Promise.resolve(new Response(JSON.stringify(body), { status: 409 }));
    try {
      const error = await apiRequest('/x').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      const apiError = error as ApiError;
      expect({
        code: apiError.code,
        detail: apiError.detail,
        fieldErrors: apiError.fieldErrors,
        changedBy: apiError.changedBy,
        inTrash: apiError.inTrash,
        usedOn: apiError.usedOn,
      }).toEqual({
        code: contract.code,
        detail: contract.detail,
        fieldErrors: contract.errors,
        changedBy: contract.changedBy,
        inTrash: contract.inTrash,
        usedOn: contract.usedOn,
      });
    } finally {
      globalThis.fetch = fetched;
    }
  });
});

describe("the inquiry dialog's answers, read without zod", () => {
  const detail = {
    ...application,
    phone: '+49 6181 12345',
    message: 'Ich bewerbe mich als Monteur.',
    companyAddress: null,
    buildingSize: '2400 m²',
    regards: ['lps', 'earthing'],
    language: 'de',
    handledAt: '2026-11-27T09:00:00.000Z',
    attachments: [
      { id: 3, fileName: 'lebenslauf.pdf', contentType: 'application/pdf', size: 48_213, url: '/api/v1/Inquiry/8/Attachment/3' },
    ],
    mails: [
      {
        kind: 'inquiry',
        status: 'failed',
        attempts: 2,
        nextAttemptAt: '2026-11-27T10:00:00.000Z',
        lastError: 'connection refused',
        sentAt: null,
        history: [{ attemptedAt: '2026-11-27T08:15:01.000Z', error: 'connection refused' }],
      },
      {
        kind: 'reply',
        status: 'sent',
        attempts: 1,
        nextAttemptAt: null,
        lastError: null,
        sentAt: '2026-11-27T09:00:00.000Z',
        history: [],
      },
    ],
    origin: { source: 'google', campaign: '', landingPath: '/de/leistungen', formPath: '/de/kontakt' },
    history: [
      { kind: 'received', at: '2026-11-27T08:15:00.000Z' },
      { kind: 'mail', at: '2026-11-27T08:15:01.000Z', mail: 'inquiry', status: 'failed' },
      { kind: 'mail', at: '2026-11-27T09:00:00.000Z', mail: 'reply', status: 'sent', subject: 'Ihre Bewerbung', by: 'Paul' },
      { kind: 'status', at: '2026-11-27T09:00:00.000Z', by: 'Paul', status: 'inProgress' },
      { kind: 'assignee', at: '2026-11-27T09:01:00.000Z', by: 'Paul', assignee: null },
      { kind: 'followUp', at: '2026-11-27T09:02:00.000Z', by: 'Paul', followUpOn: '2026-12-01' },
      { kind: 'note', at: '2026-11-27T09:03:00.000Z', by: 'Paul', id: 4, text: 'Rückruf vereinbart' },
    ],
    duplicates: [
      {
        id: 5,
        reference: 'A-2026-0005',
        createdAt: '2026-11-20T08:00:00.000Z',
        subject: 'generalMessage',
        typeNames: null,
        status: 'closed',
        firstName: 'Erika',
        lastName: 'Musterfrau',
        matchedBy: ['email', 'phone'],
      },
    ],
    applicationConsent: { givenAt: '2026-11-27T08:15:00.000Z', version: '1', language: 'de', text: 'Ich willige ein …' },
    formVersion: 2,
    fieldLabels: [{ key: 'phone', de: 'Mobilnummer', en: 'Mobile' }],
    answers: [
      { key: 'x_start', kind: 'date', label: { de: 'Beginn', en: 'Start' }, text: { de: '01.02.2027', en: '1 Feb 2027' } },
    ],
  };

  it('reads an inquiry with every part of its dialog as the contract does', () => {
    same(inquiryDetailAnswer, inquiryDetailSchema, detail);
    same(inquiryDetailAnswer, inquiryDetailSchema, {
      ...row,
      phone: '',
      message: 'Hallo',
      companyAddress: 'Hafenstraße 5',
      buildingSize: null,
      regards: [],
      language: 'en',
      handledAt: null,
      attachments: [],
      mails: [],
      origin: null,
      history: [],
      duplicates: [],
      applicationConsent: null,
      formVersion: 0,
      fieldLabels: [],
      answers: [],
    });
  });

  it('refuses an inquiry whose parts the dialog reads are not there or not of their kind', () => {
    refused(inquiryDetailAnswer, inquiryDetailSchema, { ...detail, message: undefined });
    refused(inquiryDetailAnswer, inquiryDetailSchema, { ...detail, status: 'lost' });
    refused(inquiryDetailAnswer, inquiryDetailSchema, { ...detail, language: 'fr' });
    refused(inquiryDetailAnswer, inquiryDetailSchema, { ...detail, attachments: [{ id: 3 }] });
    refused(inquiryDetailAnswer, inquiryDetailSchema, { ...detail, mails: [{ ...detail.mails[1], history: undefined }] });
    refused(inquiryDetailAnswer, inquiryDetailSchema, {
      ...detail,
      history: [{ kind: 'moved', at: '2026-11-27T09:00:00.000Z' }],
    });
    refused(inquiryDetailAnswer, inquiryDetailSchema, {
      ...detail,
      duplicates: [{ ...detail.duplicates[0], matchedBy: 'email' }],
    });
    refused(inquiryDetailAnswer, inquiryDetailSchema, { ...detail, formVersion: '2' });
    refused(inquiryDetailAnswer, inquiryDetailSchema, { ...detail, answers: undefined });
  });

  it('reads the assignees, the reply templates and a queued reply as the contract does', () => {
    same(inquiryAssigneesAnswer, inquiryAssigneesSchema, [{ id: 2, name: 'Paul' }]);
    refused(inquiryAssigneesAnswer, inquiryAssigneesSchema, [{ id: '2', name: 'Paul' }]);
    const template = {
      id: 'angebot',
      name: 'Angebot',
      language: 'de',
      subject: 'Ihr Angebot {{reference}}',
      body: 'Guten Tag {{firstName}},',
    };
    same(replyTemplatesAnswer, replyTemplatesSchema, [template, { ...template, id: 'offer', language: 'en' }]);
    refused(replyTemplatesAnswer, replyTemplatesSchema, [{ ...template, language: 'fr' }]);
    const reply = {
      id: 9,
      subject: 'Ihr Angebot',
      body: 'Guten Tag',
      by: 'Paul',
      createdAt: '2026-11-27T09:00:00.000Z',
      attachments: [{ fileName: 'angebot.pdf', contentType: 'application/pdf', size: 1200 }],
      status: 'pending',
    };
    same(inquiryReplyCreatedAnswer, inquiryReplyCreatedSchema, reply);
    refused(inquiryReplyCreatedAnswer, inquiryReplyCreatedSchema, { ...reply, id: undefined });
  });
});
