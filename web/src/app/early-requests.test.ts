import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiPrefix,
  apiRoutes,
  dashboardFirstViewReads,
  firstViewReadUrl,
  mayAccess,
  storageKeys,
  userRoles,
} from '@blitz/contract';
import { checklistQueryOptions } from '../features/go-live/api/checklist';
import { emptyInboxFilter, inquiriesQueryOptions } from '../features/inbox/api/inquiries';
import { verifyToken } from '../features/auth/api/sign-in';
import { apiRequest } from '../lib/api-client';
import { landingNoteStorageKey } from '../lib/auth-token';
import {
  type EarlyRequests,
  askEarly,
  earlyAddresses,
  earlyKey,
  firstViewCalls,
  landingCalls,
  landingNote,
  landingNoteKey,
  readsInbox,
} from '../lib/early-requests';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const page = { data: [], count: 0, countCapped: false };

let fetchMock: ReturnType<typeof vi.fn>;
let early: EarlyRequests;

beforeEach(() => {
  fetchMock = vi.fn(() => Promise.resolve(json(page)));
  early = { token: 'the-token', startedAt: 0, responses: new Map() };
  vi.stubGlobal('window', { localStorage: { getItem: () => 'the-token' }, location: {}, blitzEarlyRequests: early });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('performance', { now: () => 1000 });
});
afterEach(() => vi.unstubAllGlobals());

/** The addresses the application's own calls ask for, as `METHOD url`. */
const asked = () => fetchMock.mock.calls.map(([url, init]) => `${(init as RequestInit).method ?? 'GET'} ${url as string}`);

const context = { signal: new AbortController().signal } as never;

describe("the dashboard's early calls", () => {
  it("write out the contract's addresses, storage key and inbox access", () => {
    expect(earlyAddresses).toEqual({
      apiPrefix,
      tokenKey: storageKeys.token,
      verify: apiRoutes.auth.verify,
      inquiries: apiRoutes.inbox.list,
      unread: apiRoutes.inbox.unread,
      inquiryTypes: apiRoutes.inquiryTypes.list,
      appliedJobs: apiRoutes.inbox.jobs,
      jobs: apiRoutes.jobs.list,
      checklist: apiRoutes.goLive.checklist,
      companyDetails: apiRoutes.companyDetails,
    });
    for (const role of userRoles) expect(readsInbox(role)).toBe(mayAccess(role, 'inbox'));
    // Signing out removes the note with the token.
    expect(landingNoteKey).toBe(landingNoteStorageKey);
  });

  it('are the calls the inbox makes as it lands, as the application writes them (no answer asked for twice)', async () => {
    early.responses.clear();
    await inquiriesQueryOptions(emptyInboxFilter, 1).queryFn!(context);
    await inquiriesQueryOptions({ ...emptyInboxFilter, spam: true }, 1, 1).queryFn!(context);
    fetchMock.mockImplementation(() => Promise.resolve(json({})));
    for (const path of [apiRoutes.inbox.unread, apiRoutes.inquiryTypes.list, apiRoutes.inbox.jobs]) {
      await apiRequest(path).catch(() => undefined);
    }
    await apiRequest(apiRoutes.jobs.list, { query: { PageLength: 100 } });
    await Promise.resolve(checklistQueryOptions().queryFn!(context)).catch(() => undefined);
    await apiRequest(apiRoutes.companyDetails);
    expect(asked()).toEqual(landingCalls('admin'));
  });

  it('are the reads the server makes where it renders the first view itself (decision 067)', () => {
    const { inbox, spam, unread, checklist } = dashboardFirstViewReads;
    expect([inbox, spam, unread, checklist].map((read) => `GET ${firstViewReadUrl(read)}`)).toEqual(firstViewCalls(true));
    // With the names and the job filter's lists, the inbox's whole start (landingCalls).
    const { inquiryTypes, appliedJobs, jobs } = dashboardFirstViewReads;
    expect([inbox, spam, unread, inquiryTypes, appliedJobs, jobs].map((read) => `GET ${firstViewReadUrl(read)}`)).toEqual(
      landingCalls('inbox'),
    );
  });

  it('ask for the inbox only for whoever may read it, and the admin start only for an admin', () => {
    expect(landingCalls('editor')).toEqual([]);
    expect(landingCalls('inbox')).toEqual(landingCalls('editorInbox'));
    expect(landingCalls('inbox')).toHaveLength(6);
    expect(landingCalls('admin')).toHaveLength(8);
  });

  it('stand in for the application’s call once, with the same token, and the token check too', async () => {
    const list = { ...page, count: 3 };
    early.responses.set(landingCalls('admin')[0]!, Promise.resolve(json(list)));
    early.responses.set(
      earlyKey('POST', apiRoutes.auth.verify),
      Promise.resolve(json({ valid: true, username: 'anna', expiresAt: '2026-12-17T00:00:00Z', role: 'admin' })),
    );
    expect(await inquiriesQueryOptions(emptyInboxFilter, 1).queryFn!(context)).toEqual(list);
    expect((await verifyToken('the-token'))?.role).toBe('admin');
    expect(fetchMock).not.toHaveBeenCalled();
    // Taken once: the next call asks the server.
    expect(await inquiriesQueryOptions(emptyInboxFilter, 1).queryFn!(context)).toEqual(page);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('leave the call to the application where the script decided not to ask', async () => {
    early.responses.set(landingCalls('admin')[0]!, Promise.resolve(undefined));
    expect(await inquiriesQueryOptions(emptyInboxFilter, 1).queryFn!(context)).toEqual(page);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('are not taken for another token, nor long after they were asked', async () => {
    early.responses.set(landingCalls('admin')[0]!, Promise.resolve(json({ ...page, count: 3 })));
    early.token = 'an-older-token';
    expect(await inquiriesQueryOptions(emptyInboxFilter, 1).queryFn!(context)).toEqual(page);
    early.token = 'the-token';
    early.startedAt = -60_000;
    early.responses.set(landingCalls('admin')[0]!, Promise.resolve(json({ ...page, count: 3 })));
    expect(await inquiriesQueryOptions(emptyInboxFilter, 1).queryFn!(context)).toEqual(page);
  });

  it("hold every call they may start from the first, and start the role's once the check answers", async () => {
    const ask = async (answer: object) => {
      const calls: string[] = [];
      const page = { search: '' };
      vi.stubGlobal('window', { localStorage: { getItem: () => 'the-token' }, location: page });
      vi.stubGlobal(
        'fetch',
        vi.fn((url: string) => {
          calls.push(url);
          return Promise.resolve(json(url.endsWith(earlyAddresses.verify) ? answer : {}));
        }),
      );
      askEarly();
      const asked = window.blitzEarlyRequests!;
      // Before the check has answered, the application finds the inbox's calls there already.
      expect([...asked.responses.keys()]).toEqual([earlyKey('POST', apiRoutes.auth.verify), ...landingCalls('admin')]);
      const started = await Promise.all(landingCalls('admin').map((key) => asked.responses.get(key)));
      return { calls, started: started.map((response) => response !== undefined) };
    };
    const inbox = await ask({ valid: true, username: 'ina', expiresAt: 'x', role: 'inbox' });
    expect(inbox.started).toEqual(landingCalls('admin').map((key) => landingCalls('inbox').includes(key)));
    expect(inbox.calls).toHaveLength(1 + landingCalls('inbox').length);
    const firstPassword = await ask({ valid: true, username: 'a', expiresAt: 'x', role: 'admin', passwordChangeRequired: true });
    expect(firstPassword.started.every((started) => !started)).toBe(true);
    expect(firstPassword.calls).toHaveLength(1);
  });

  it("read the last check's note only for the same token, before it ends", () => {
    const token = 'header.payload.signature-of-this-token';
    const note = (fields: object) =>
      JSON.stringify({ lands: 'inbox', admin: true, token: token.slice(-16), until: 2000, ...fields });
    expect(landingNote(note({}), token, 1000)).toEqual({ admin: true });
    expect(landingNote(note({ admin: false }), token, 1000)).toEqual({ admin: false });
    expect(landingNote(note({}), 'header.payload.another-signature', 1000)).toBeUndefined();
    expect(landingNote(note({}), token, 2000)).toBeUndefined();
    expect(landingNote(note({ lands: 'projects' }), token, 1000)).toBeUndefined();
    expect(landingNote('{not json', token, 1000)).toBeUndefined();
    expect(landingNote(null, token, 1000)).toBeUndefined();
  });

  it('ask for what the first render waits for beside the check where the note says so, and hand it over once the check agrees', async () => {
    const token = 'the-token-of-an-admin-who-was-here';
    const run = async (note: object | null, answer: object) => {
      const store = new Map<string, string>([['JWT', token]]);
      if (note)
        store.set(
          landingNoteKey,
          JSON.stringify({ lands: 'inbox', token: token.slice(-16), until: Date.now() + 60_000, ...note }),
        );
      const calls: string[] = [];
      let answerCheck: (response: Response) => void = () => undefined;
      vi.stubGlobal('window', {
        localStorage: {
          getItem: (key: string) => store.get(key) ?? null,
          setItem: (key: string, value: string) => store.set(key, value),
          removeItem: (key: string) => store.delete(key),
        },
        location: { search: '' },
      });
      vi.stubGlobal(
        'fetch',
        vi.fn((url: string) => {
          calls.push(url);
          return url.endsWith(earlyAddresses.verify)
            ? new Promise<Response>((resolve) => (answerCheck = resolve))
            : Promise.resolve(json({}));
        }),
      );
      askEarly();
      // Before the check answers: the check, and what the note allowed.
      const before = [...calls];
      answerCheck(json(answer));
      const handed = await Promise.all(landingCalls('admin').map((key) => window.blitzEarlyRequests!.responses.get(key)));
      return { before, after: calls, handed: handed.map((response) => response !== undefined), note: store.get(landingNoteKey) };
    };
    const path = (key: string) => key.slice(key.indexOf(' ') + 1);
    const admin = { valid: true, username: 'anna', expiresAt: '2099-01-01T00:00:00Z', role: 'admin' };

    const noted = await run({ admin: true }, admin);
    expect(noted.before).toEqual([`${apiPrefix}${apiRoutes.auth.verify}`, ...firstViewCalls(true).map(path)]);
    // Not asked twice: the rest of the landing calls follow the check.
    expect(noted.after).toHaveLength(1 + landingCalls('admin').length);
    expect(noted.handed.every(Boolean)).toBe(true);
    expect(JSON.parse(noted.note!)).toEqual({
      lands: 'inbox',
      admin: true,
      token: token.slice(-16),
      until: Date.parse(admin.expiresAt),
    });

    // Without a note: only the check first, then everything; the note is left for the next visit.
    const first = await run(null, admin);
    expect(first.before).toEqual([`${apiPrefix}${apiRoutes.auth.verify}`]);
    expect(first.after).toHaveLength(1 + landingCalls('admin').length);
    expect(first.note).toBeDefined();

    // A note that no longer holds (the role became an editor's): asked beside, never handed over, and the note goes.
    const editor = await run({ admin: false }, { ...admin, role: 'editor' });
    expect(editor.before).toHaveLength(1 + firstViewCalls(false).length);
    expect(editor.handed.some(Boolean)).toBe(false);
    expect(editor.note).toBeUndefined();
    // A first password to change: nothing handed over either.
    const password = await run({ admin: true }, { ...admin, passwordChangeRequired: true });
    expect(password.handed.some(Boolean)).toBe(false);
    expect(password.note).toBeUndefined();
  });
});
