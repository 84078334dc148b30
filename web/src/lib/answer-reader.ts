import type {
  Checklist,
  ChecklistDetail,
  CompanyDetails,
  InquiryAssignee,
  InquiryDetail,
  InquiryJobChoices,
  InquiryList,
  InquiryReplyCreated,
  InquirySummary,
  LocalizedText,
  OwnAccount,
  ReplyTemplate,
  SampleContentRemoval,
  SecondFactorStatus,
  SiteAddress,
  SiteAddressSource,
  VerifyResponse,
} from '@blitz/contract';
import { checklistKeys } from '@blitz/contract';

/**
 * Reads the answers of the dashboard's first view without zod (issue 46, decision 045): zod was a
 * third of the first view's JavaScript, and these answers come from our own server. Each reader
 * checks the shape the first view relies on (the fields it reads, their types) and applies the
 * contract schema's defaults; it does not repeat every limit the server already enforced. The
 * unit test `app/first-view-answers.test.ts` holds each reader to the contract's schema, so the
 * two cannot drift. The inquiry dialog, fetched when idle after the list, and the site-address
 * notice read theirs the same way (decision 069), and so do the categories', projects' and
 * company tabs (lib/content-answers.ts, decision 072). The other tabs parse with the schemas.
 */
export type AnswerReader<T> = {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: { message: string } };
};

class BadAnswer extends Error {}

type Shape = Record<string, unknown>;

// The checks the readers are made of, for the readers beside this file (lib/content-answers.ts).

export function assertShape(condition: unknown, what: string): asserts condition {
  if (!condition) throw new BadAnswer(what);
}

export const isObject = (value: unknown): value is Shape => typeof value === 'object' && value !== null && !Array.isArray(value);
export const isInteger = (value: unknown): value is number => Number.isInteger(value);
export const optional = (value: unknown, check: (v: unknown) => boolean) => value === undefined || check(value);
export const nullable = (value: unknown, check: (v: unknown) => boolean) => value === null || check(value);
export const isString = (value: unknown): value is string => typeof value === 'string';
export const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
export const isNumber = (value: unknown): value is number => typeof value === 'number';
export const isStringArray = (value: unknown) => Array.isArray(value) && value.every(isString);

export function objectOf(value: unknown, what: string): Shape {
  assertShape(isObject(value), `${what}: not an object`);
  return value;
}

export function arrayOf<T>(value: unknown, what: string, read: (item: unknown, what: string) => T): T[] {
  assertShape(Array.isArray(value), `${what}: not an array`);
  return value.map((item, index) => read(item, `${what}[${index}]`));
}

/** A reader from a function that returns the typed answer or throws where the shape is not the one relied on. */
export function answerReader<T>(read: (data: unknown) => T): AnswerReader<T> {
  return {
    safeParse(data) {
      try {
        return { success: true, data: read(data) };
      } catch (error) {
        if (error instanceof BadAnswer) return { success: false, error: { message: error.message } };
        throw error;
      }
    },
  };
}

/** `POST /api/v1/Login/Verfy`: whether the token is valid, and whose it is. */
export const verifyAnswer = answerReader<VerifyResponse>((data) => {
  const answer = objectOf(data, 'verify');
  if (answer['valid'] === false) return { valid: false };
  assertShape(answer['valid'] === true, 'verify: valid');
  assertShape(isString(answer['username']) && isString(answer['expiresAt']), 'verify: username, expiresAt');
  assertShape(
    optional(answer['displayName'], (v) => nullable(v, isString)),
    'verify: displayName',
  );
  assertShape(optional(answer['passwordChangeRequired'], isBoolean), 'verify: passwordChangeRequired');
  assertShape(optional(answer['secondFactorSetupRequired'], isBoolean), 'verify: secondFactorSetupRequired');
  assertShape(
    optional(answer['role'], (v) => v === 'admin' || v === 'editor' || v === 'inbox' || v === 'editorInbox'),
    'verify: role',
  );
  assertShape(
    optional(answer['inquiryTypes'], (v) => nullable(v, (types) => Array.isArray(types) && types.every(isString))),
    'verify: inquiryTypes',
  );
  return answer as VerifyResponse;
});

/** A sign-in's or a password change's answer: the new token. */
export const tokenAnswer = answerReader<{ jwtToken: string }>((data) => {
  const answer = objectOf(data, 'token');
  assertShape(isString(answer['jwtToken']), 'token: jwtToken');
  return { jwtToken: answer['jwtToken'] };
});

/** The inbox tab's count. */
export const unreadAnswer = answerReader<{ count: number }>((data) => {
  const answer = objectOf(data, 'unread');
  assertShape(isInteger(answer['count']), 'unread: count');
  return { count: answer['count'] };
});

export const secondFactorStatusAnswer = answerReader<SecondFactorStatus>((data) => {
  const answer = objectOf(data, 'second factor');
  assertShape(isBoolean(answer['enabled']) && isBoolean(answer['required']), 'second factor: enabled, required');
  assertShape(isInteger(answer['recoveryCodesLeft']), 'second factor: recoveryCodesLeft');
  return answer as SecondFactorStatus;
});

/** Set-up, step one: the secret for the authenticator app. */
export const secondFactorSetupAnswer = answerReader<{ secret: string; uri: string }>((data) => {
  const answer = objectOf(data, 'set-up');
  assertShape(isString(answer['secret']) && isString(answer['uri']), 'set-up: secret, uri');
  return { secret: answer['secret'], uri: answer['uri'] };
});

/** Set-up, step two: the recovery codes and a fresh token. */
export const secondFactorConfirmAnswer = answerReader<{ recoveryCodes: string[]; jwtToken: string }>((data) => {
  const answer = objectOf(data, 'confirm');
  assertShape(isString(answer['jwtToken']), 'confirm: jwtToken');
  return {
    recoveryCodes: arrayOf(answer['recoveryCodes'], 'confirm.recoveryCodes', (code, what) => {
      assertShape(isString(code), what);
      return code;
    }),
    jwtToken: answer['jwtToken'],
  };
});

export const ownAccountAnswer = answerReader<OwnAccount>((data) => {
  const answer = objectOf(data, 'account');
  assertShape(isString(answer['username']) && nullable(answer['displayName'], isString), 'account: username, displayName');
  return { username: answer['username'], displayName: answer['displayName'] as string | null };
});

const inquiryStates = new Set(['new', 'inProgress', 'answered', 'closed']);

function inquiryRow(value: unknown, what: string): InquirySummary {
  const row = objectOf(value, what);
  assertShape(
    isInteger(row['id']) && isString(row['reference']) && isString(row['createdAt']),
    `${what}: id, reference, createdAt`,
  );
  assertShape(isString(row['subject']) && nullable(row['typeNames'], isObject), `${what}: subject, typeNames`);
  assertShape(isString(row['firstName']) && isString(row['lastName']) && nullable(row['companyName'], isString), `${what}: name`);
  assertShape(isString(row['email']) && inquiryStates.has(row['status'] as string), `${what}: email, status`);
  assertShape(nullable(row['assignee'], isObject) && nullable(row['followUpOn'], isString), `${what}: assignee, followUpOn`);
  assertShape(isString(row['deliveryStatus']) && nullable(row['job'], isObject), `${what}: deliveryStatus, job`);
  assertShape(isBoolean(row['spam']) && isBoolean(row['unanswered']) && isBoolean(row['unread']), `${what}: flags`);
  assertShape(isInteger(row['attachmentCount']) && isInteger(row['duplicateCount']), `${what}: counts`);
  return row as InquirySummary;
}

/** One page of the inbox. */
export const inquiryListAnswer = answerReader<InquiryList>((data) => {
  const answer = objectOf(data, 'inquiries');
  assertShape(isInteger(answer['count']) && isBoolean(answer['countCapped']), 'inquiries: count, countCapped');
  return {
    data: arrayOf(answer['data'], 'inquiries.data', inquiryRow),
    count: answer['count'],
    countCapped: answer['countCapped'],
  };
});

// The inquiry dialog's answers (issue 46): its code is fetched when the browser is idle after the
// inbox, and without zod it builds no schemas then (a long task of 150 ms at 4× before).

const inquiryEventKinds: ReadonlySet<unknown> = new Set(['received', 'mail', 'status', 'assignee', 'followUp', 'note']);
const nullableStrings = (shape: Shape, keys: readonly string[]) => keys.every((key) => nullable(shape[key], isString));

/** One inquiry with everything the dialog shows: `GET /api/v1/Inquiry/{id}`, and the answer of each change to it. */
export const inquiryDetailAnswer = answerReader<InquiryDetail>((data) => {
  const detail = objectOf(inquiryRow(data, 'inquiry'), 'inquiry');
  assertShape(isString(detail['phone']) && isString(detail['message']), 'inquiry: phone, message');
  assertShape(
    nullableStrings(detail, ['companyAddress', 'buildingSize', 'handledAt']),
    'inquiry: companyAddress, buildingSize, handledAt',
  );
  assertShape(isStringArray(detail['regards']), 'inquiry: regards');
  assertShape(detail['language'] === 'de' || detail['language'] === 'en', 'inquiry: language');
  arrayOf(detail['attachments'], 'inquiry.attachments', (value, what) => {
    const file = objectOf(value, what);
    assertShape(isInteger(file['id']) && isInteger(file['size']), `${what}: id, size`);
    assertShape(
      isString(file['fileName']) && isString(file['contentType']) && isString(file['url']),
      `${what}: fileName, contentType, url`,
    );
  });
  arrayOf(detail['mails'], 'inquiry.mails', (value, what) => {
    const mail = objectOf(value, what);
    assertShape(
      isString(mail['kind']) && isString(mail['status']) && isInteger(mail['attempts']),
      `${what}: kind, status, attempts`,
    );
    assertShape(nullableStrings(mail, ['nextAttemptAt', 'lastError', 'sentAt']), `${what}: nextAttemptAt, lastError, sentAt`);
    assertShape(Array.isArray(mail['history']), `${what}: history`);
  });
  assertShape(nullable(detail['origin'], isObject), 'inquiry: origin');
  arrayOf(detail['history'], 'inquiry.history', (value, what) => {
    const event = objectOf(value, what);
    assertShape(inquiryEventKinds.has(event['kind']) && isString(event['at']), `${what}: kind, at`);
    assertShape(optional(event['by'], isString), `${what}: by`);
  });
  arrayOf(detail['duplicates'], 'inquiry.duplicates', (value, what) => {
    const duplicate = objectOf(value, what);
    assertShape(isInteger(duplicate['id']) && isString(duplicate['reference']), `${what}: id, reference`);
    assertShape(isString(duplicate['firstName']) && isString(duplicate['lastName']), `${what}: name`);
    assertShape(isStringArray(duplicate['matchedBy']), `${what}: matchedBy`);
  });
  assertShape(nullable(detail['applicationConsent'], isObject), 'inquiry: applicationConsent');
  assertShape(isInteger(detail['formVersion']), 'inquiry: formVersion');
  assertShape(Array.isArray(detail['fieldLabels']) && Array.isArray(detail['answers']), 'inquiry: fieldLabels, answers');
  return detail as InquiryDetail;
});

/** The colleagues who may be given an inquiry. */
export const inquiryAssigneesAnswer = answerReader<InquiryAssignee[]>((data) =>
  arrayOf(data, 'assignees', (value, what) => {
    const assignee = objectOf(value, what);
    assertShape(isInteger(assignee['id']) && isString(assignee['name']), `${what}: id, name`);
    return { id: assignee['id'], name: assignee['name'] };
  }),
);

/** The reply templates (`GET` and `PUT /api/v1/ReplyTemplate`). */
export const replyTemplatesAnswer = answerReader<ReplyTemplate[]>((data) =>
  arrayOf(data, 'reply templates', (value, what) => {
    const template = objectOf(value, what);
    assertShape(isString(template['id']) && isString(template['name']), `${what}: id, name`);
    assertShape(template['language'] === 'de' || template['language'] === 'en', `${what}: language`);
    assertShape(isString(template['subject']) && isString(template['body']), `${what}: subject, body`);
    return template as ReplyTemplate;
  }),
);

/** A reply just queued. */
export const inquiryReplyCreatedAnswer = answerReader<InquiryReplyCreated>((data) => {
  const reply = objectOf(data, 'reply');
  assertShape(isInteger(reply['id']) && isString(reply['subject']) && isString(reply['body']), 'reply: id, subject, body');
  assertShape(isString(reply['by']) && isString(reply['createdAt']) && isString(reply['status']), 'reply: by, createdAt, status');
  assertShape(Array.isArray(reply['attachments']), 'reply: attachments');
  return reply as InquiryReplyCreated;
});

/** The inquiry types' names, for the inbox's filter and list (`GET /api/v1/InquiryTypes`, read as far as named here). */
export type InquiryTypeName = { key: string; names: { de: string; en: string }; builtIn: boolean; removed: boolean };

export const inquiryTypeNamesAnswer = answerReader<{ types: InquiryTypeName[] }>((data) => {
  const answer = objectOf(data, 'inquiry types');
  const types = arrayOf(answer['types'], 'inquiry types', (value, what) => {
    const type = objectOf(value, what);
    const names = objectOf(type['names'], `${what}.names`);
    assertShape(isString(type['key']) && isString(names['de']) && isString(names['en']), `${what}: key, names`);
    assertShape(isBoolean(type['builtIn']) && optional(type['removed'], isBoolean), `${what}: builtIn, removed`);
    return {
      key: type['key'],
      names: { de: names['de'], en: names['en'] },
      builtIn: type['builtIn'],
      removed: (type['removed'] as boolean | undefined) ?? false,
    };
  });
  return { types };
});

/** The jobs applications name, for the inbox's job filter. */
export const inquiryJobChoicesAnswer = answerReader<InquiryJobChoices>((data) =>
  arrayOf(data, 'job choices', (value, what) => {
    const job = objectOf(value, what);
    assertShape(isInteger(job['id']) && nullable(job['title'], isString), `${what}: id, title`);
    return { id: job['id'], title: job['title'] as string | null };
  }),
);

export function localizedTexts(value: unknown, what: string): LocalizedText[] {
  return arrayOf(value, what, (item, at) => {
    const text = objectOf(item, at);
    assertShape(isString(text['content']) && (text['language'] === 1 || text['language'] === 2), `${at}: content, language`);
    return { content: text['content'], language: text['language'] };
  });
}

/** The current jobs' titles (`GET /api/v1/Jobs`, read as far as the job filter names them). */
export const jobTitlesAnswer = answerReader<{ data: { id: number; title: LocalizedText[] }[] }>((data) => {
  const answer = objectOf(data, 'jobs');
  return {
    data: arrayOf(answer['data'], 'jobs.data', (value, what) => {
      const job = objectOf(value, what);
      assertShape(isInteger(job['id']), `${what}: id`);
      return { id: job['id'], title: localizedTexts(job['title'], `${what}.title`) };
    }),
  };
});

/**
 * The saved company details the server put into a staff page for its frame (footer, names): the
 * fields the frame and the translations' values read.
 */
export const companyDetailsAnswer = answerReader<CompanyDetails>((data) => {
  const details = objectOf(data, 'company');
  for (const key of ['name', 'legalName', 'street', 'postalCode', 'city', 'phone', 'email', 'website', 'vatId'] as const) {
    assertShape(isString(details[key]), `company: ${key}`);
  }
  assertShape(
    Array.isArray(details['managingDirectors']) && isObject(details['register']),
    'company: managingDirectors, register',
  );
  assertShape(Array.isArray(details['openingHours']) && Array.isArray(details['partners']), 'company: openingHours, partners');
  return details as CompanyDetails;
});

const siteAddressSources: readonly unknown[] = ['SITE_URL', 'website', 'default'] satisfies SiteAddressSource[];

/**
 * `GET /api/v1/Settings/Address`: read without zod for the notice above the tabs, which loads
 * once the browser is idle after the first view (and for the company tab, the same answer).
 */
export const siteAddressAnswer = answerReader<SiteAddress>((data) => {
  const address = objectOf(data, 'siteAddress');
  assertShape(isString(address['publicOrigin']), 'siteAddress: publicOrigin');
  assertShape(siteAddressSources.includes(address['source']), 'siteAddress: source');
  for (const key of ['siteUrl', 'websiteOrigin', 'requestOrigin'] as const) {
    assertShape(nullable(address[key], isString), `siteAddress: ${key}`);
  }
  assertShape(
    Array.isArray(address['requestOrigins']) && address['requestOrigins'].every(isString),
    'siteAddress: requestOrigins',
  );
  assertShape(isBoolean(address['matches']), 'siteAddress: matches');
  return address as SiteAddress;
});

const checklistKeySet: ReadonlySet<unknown> = new Set(checklistKeys);
const sampleCounts = (value: unknown) =>
  isObject(value) && isNumber(value['projects']) && isNumber(value['categories']) && isNumber(value['jobs']);

/** What a checklist item has to say: each field the contract knows, checked where it is there (all optional). */
function checklistDetail(value: unknown, what: string): ChecklistDetail {
  const detail = objectOf(value, what);
  const fields: Record<keyof ChecklistDetail, (v: unknown) => boolean> = {
    publicOrigin: isString,
    requestOrigin: isString,
    confirmedAt: (v) => nullable(v, isString),
    remaining: sampleCounts,
    reviewedBy: isString,
    reviewedAt: isString,
    without: isStringArray,
    lastBackup: (v) => nullable(v, (last) => isObject(last) && isString(last['at']) && isNumber(last['bytes'])),
    redirects: isNumber,
    unredirected: isStringArray,
    toHidden: isStringArray,
    dismissedBy: isString,
    dismissedAt: isString,
  };
  const read: Record<string, unknown> = {};
  for (const [key, check] of Object.entries(fields)) {
    if (detail[key] === undefined) continue;
    assertShape(check(detail[key]), `${what}: ${key}`);
    read[key] = detail[key];
  }
  return read as ChecklistDetail;
}

/** `GET /api/v1/Settings/Checklist` (an admin's go-live checklist above the tabs), and a change's answer. */
export const checklistAnswer = answerReader<Checklist>((data) => {
  const answer = objectOf(data, 'checklist');
  assertShape(isBoolean(answer['complete']), 'checklist: complete');
  return {
    items: arrayOf(answer['items'], 'checklist.items', (value, what) => {
      const item = objectOf(value, what);
      assertShape(checklistKeySet.has(item['key']), `${what}: key`);
      assertShape(isBoolean(item['done']) && isBoolean(item['dismissed']), `${what}: done, dismissed`);
      const { key, done, dismissed } = item as Pick<Checklist['items'][number], 'key' | 'done' | 'dismissed'>;
      return item['detail'] === undefined
        ? { key, done, dismissed }
        : { key, done, dismissed, detail: checklistDetail(item['detail'], `${what}.detail`) };
    }),
    complete: answer['complete'],
  };
});

/** `POST /api/v1/Settings/SampleContent/Remove`: how many sample rows went. */
export const sampleContentRemovalAnswer = answerReader<SampleContentRemoval>((data) => {
  assertShape(sampleCounts(data), 'sample content removal: projects, categories, jobs');
  const { projects, categories, jobs } = data as SampleContentRemoval;
  return { projects, categories, jobs };
});
