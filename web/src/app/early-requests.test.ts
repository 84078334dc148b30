import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPrefix, apiRoutes, mayAccess, storageKeys, userRoles } from '@blitz/contract';
import { checklistQueryOptions } from '../features/go-live/api/checklist';
import { emptyInboxFilter, inquiriesQueryOptions } from '../features/inbox/api/inquiries';
import { verifyToken } from '../features/auth/api/sign-in';
import { apiRequest } from '../lib/api-client';
import {
  type EarlyRequests,
  askEarly,
  earlyAddresses,
  earlyKey,
  firstViewCalls,
  landingCalls,
  landingHintKey,
  landsOnInbox,
  readsInbox,
} from '../lib/early-requests';
import { unreadQueryOptions } from '../features/inbox/api/unread-count';

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

  it('ask beside the check for what the first view waits for: its list, the spam count, the unread count', async () => {
    early.responses.clear();
    await inquiriesQueryOptions(emptyInboxFilter, 1).queryFn!(context);
    await inquiriesQueryOptions({ ...emptyInboxFilter, spam: true }, 1, 1).queryFn!(context);
    fetchMock.mockImplementation(() => Promise.resolve(json({ count: 0 })));
    await Promise.resolve(unreadQueryOptions().queryFn!(context)).catch(() => undefined);
    expect(asked()).toEqual(firstViewCalls);
    expect(landingCalls('inbox').slice(0, firstViewCalls.length)).toEqual(firstViewCalls);
  });

  it('ask beside the check only where the last one said the inbox, and only while its session lasts', () => {
    const note = (until: number) => JSON.stringify({ lands: 'inbox', until });
    expect(landsOnInbox(note(2_000), 1_999)).toBe(true);
    expect(landsOnInbox(note(2_000), 2_000)).toBe(false);
    expect(landsOnInbox(null, 0)).toBe(false);
    expect(landsOnInbox(JSON.stringify({ lands: 'other', until: 2_000 }), 0)).toBe(false);
    expect(landsOnInbox(JSON.stringify({ lands: 'inbox' }), 0)).toBe(false);
    expect(landsOnInbox('not json', 0)).toBe(false);
  });

  describe('as the script runs in the page', () => {
    const later = new Date(Date.now() + 600_000).toISOString();
    const lasting = () => JSON.stringify({ lands: 'inbox', until: Date.now() + 60_000 });
    const ask = async (answer: object | undefined, { note = lasting() as string | null } = {}) => {
      const calls: string[] = [];
      const stored = new Map<string, string>(note ? [[landingHintKey, note]] : []);
      stored.set(earlyAddresses.tokenKey, 'the-token');
      let answerCheck: (response: Response) => void = () => undefined;
      const checked = new Promise<Response>((resolve) => (answerCheck = resolve));
      vi.stubGlobal('window', {
        localStorage: {
          getItem: (key: string) => stored.get(key) ?? null,
          setItem: (key: string, value: string) => stored.set(key, value),
          removeItem: (key: string) => stored.delete(key),
        },
        location: { search: '' },
      });
      vi.stubGlobal(
        'fetch',
        vi.fn((url: string) => {
          calls.push(url);
          if (url.endsWith(earlyAddresses.verify)) return checked;
          return Promise.resolve(new Response('{}', { status: 200 }));
        }),
      );
      askEarly();
      const asked = window.blitzEarlyRequests!;
      // Before the check has answered, the application finds every call there already.
      expect([...asked.responses.keys()]).toEqual([earlyKey('POST', apiRoutes.auth.verify), ...landingCalls('admin')]);
      const besideCheck = [...calls];
      answerCheck(answer ? json(answer) : new Response('', { status: 401 }));
      const started = await Promise.all(landingCalls('admin').map((key) => asked.responses.get(key)));
      return {
        besideCheck: besideCheck.slice(1),
        calls,
        started: started.map((response) => response !== undefined),
        note: stored.get(landingHintKey),
      };
    };
    const path = (key: string) => key.slice(key.indexOf(' ') + 1);
    const valid = { valid: true, username: 'a', expiresAt: later };

    it("ask for the first view's calls beside the check, and start the role's rest once it answers", async () => {
      const admin = await ask({ ...valid, role: 'admin' });
      expect(admin.besideCheck).toEqual(firstViewCalls.map(path));
      expect(admin.started.every(Boolean)).toBe(true);
      // Each asked once: those beside the check are not asked again.
      expect(admin.calls).toHaveLength(1 + landingCalls('admin').length);
      expect(JSON.parse(admin.note!)).toEqual({ lands: 'inbox', until: Date.parse(later) });

      const inbox = await ask({ ...valid, role: 'inbox' });
      expect(inbox.started).toEqual(landingCalls('admin').map((key) => landingCalls('inbox').includes(key)));
      expect(inbox.calls).toHaveLength(1 + landingCalls('inbox').length);
    });

    it('without a note (the first visit, another role, a session ended) wait for the check, as without them', async () => {
      const first = await ask({ ...valid, role: 'admin' }, { note: null });
      expect(first.besideCheck).toEqual([]);
      expect(first.started.every(Boolean)).toBe(true);
      expect(first.note).toBeDefined();
      const ended = await ask({ ...valid, role: 'admin' }, { note: JSON.stringify({ lands: 'inbox', until: Date.now() - 1 }) });
      expect(ended.besideCheck).toEqual([]);
      const editor = await ask({ ...valid, role: 'editor' }, { note: null });
      expect(editor.calls).toHaveLength(1);
      expect(editor.started.every((started) => !started)).toBe(true);
      expect(editor.note).toBeUndefined();
    });

    it('hand nothing to the application, and forget the note, for a role without the inbox, a failed check or a password to change', async () => {
      // A note gone wrong (another user signed in here since): the calls beside were refused; nothing more is asked.
      const editor = await ask({ ...valid, role: 'editor' });
      expect(editor.started.every((started) => !started)).toBe(true);
      expect(editor.calls).toHaveLength(1 + firstViewCalls.length);
      expect(editor.note).toBeUndefined();
      const firstPassword = await ask({ ...valid, role: 'admin', passwordChangeRequired: true });
      expect(firstPassword.started.every((started) => !started)).toBe(true);
      expect(firstPassword.calls).toHaveLength(1 + firstViewCalls.length);
      expect(firstPassword.note).toBeUndefined();
      const refused = await ask(undefined);
      expect(refused.started.every((started) => !started)).toBe(true);
      expect(refused.note).toBeUndefined();
      const invalid = await ask({ valid: false });
      expect(invalid.started.every((started) => !started)).toBe(true);
    });
  });
});
