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
  expired,
  firstViewCalls,
  landingCalls,
  landingHintKey,
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

  it("read the token's expiry without trusting it, and never fail on a token they cannot read", () => {
    const token = (payload: object) =>
      `e30.${btoa(JSON.stringify(payload)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.signature`;
    expect(expired(token({ exp: 1_000 }), 1_000_001)).toBe(true);
    expect(expired(token({ exp: 1_000 }), 999_999)).toBe(false);
    expect(expired(token({ sub: 'ä?>', exp: 2_000_000_000 }))).toBe(false);
    expect(expired(token({ sub: 'x' }))).toBe(false);
    expect(expired('not a token')).toBe(false);
    expect(expired('a.%%%.b')).toBe(false);
  });

  describe('as the script runs in the page', () => {
    const ask = async (answer: object | undefined, { hint = null as string | null, token = 'the-token' } = {}) => {
      const calls: string[] = [];
      const stored = new Map<string, string>(hint ? [[landingHintKey, hint]] : []);
      stored.set(earlyAddresses.tokenKey, token);
      let answerCheck: (response: Response) => void = () => undefined;
      const checked = new Promise<Response>((resolve) => (answerCheck = resolve));
      vi.stubGlobal('window', {
        localStorage: {
          getItem: (key: string) => stored.get(key) ?? null,
          setItem: (key: string, value: string) => stored.set(key, value),
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
        hint: stored.get(landingHintKey),
      };
    };
    const path = (key: string) => key.slice(key.indexOf(' ') + 1);

    it("ask for the first view's calls beside the check, and start the role's rest once it answers", async () => {
      const admin = await ask({ valid: true, username: 'a', expiresAt: 'x', role: 'admin' });
      expect(admin.besideCheck).toEqual(firstViewCalls.map(path));
      expect(admin.started.every(Boolean)).toBe(true);
      // Each asked once: those beside the check are not asked again.
      expect(admin.calls).toHaveLength(1 + landingCalls('admin').length);
      expect(admin.hint).toBe('inbox');

      const inbox = await ask({ valid: true, username: 'ina', expiresAt: 'x', role: 'inbox' });
      expect(inbox.started).toEqual(landingCalls('admin').map((key) => landingCalls('inbox').includes(key)));
      expect(inbox.calls).toHaveLength(1 + landingCalls('inbox').length);
    });

    it('hand nothing to the application for a role without the inbox, a failed check or a password to change', async () => {
      const editor = await ask({ valid: true, username: 'e', expiresAt: 'x', role: 'editor' });
      expect(editor.started.every((started) => !started)).toBe(true);
      // The calls beside the check were refused by the server; nothing more is asked.
      expect(editor.calls).toHaveLength(1 + firstViewCalls.length);
      expect(editor.hint).toBe('other');
      const firstPassword = await ask({
        valid: true,
        username: 'a',
        expiresAt: 'x',
        role: 'admin',
        passwordChangeRequired: true,
      });
      expect(firstPassword.started.every((started) => !started)).toBe(true);
      expect(firstPassword.calls).toHaveLength(1 + firstViewCalls.length);
      const refused = await ask(undefined, { hint: 'inbox' });
      expect(refused.started.every((started) => !started)).toBe(true);
      expect(refused.hint).toBe('inbox');
      const invalid = await ask({ valid: false });
      expect(invalid.started.every((started) => !started)).toBe(true);
    });

    it('wait for the check where the last one said the dashboard lands elsewhere, or the token has expired', async () => {
      const editor = await ask({ valid: true, username: 'e', expiresAt: 'x', role: 'editor' }, { hint: 'other' });
      expect(editor.besideCheck).toEqual([]);
      expect(editor.calls).toHaveLength(1);
      // A wrong hint costs the wait of old, not the calls.
      const admin = await ask({ valid: true, username: 'a', expiresAt: 'x', role: 'admin' }, { hint: 'other' });
      expect(admin.besideCheck).toEqual([]);
      expect(admin.started.every(Boolean)).toBe(true);
      expect(admin.hint).toBe('inbox');
      const old = await ask(undefined, { token: `e30.${btoa(JSON.stringify({ exp: 1 }))}.sig` });
      expect(old.besideCheck).toEqual([]);
    });
  });
});
