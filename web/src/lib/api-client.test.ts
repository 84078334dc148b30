import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiRequest, onSessionEnded, readAhead, sessionExpiredLocation } from './api-client';
import { parseRetryAfter } from './retry-after';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const problem = (status: number, code: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ type: `about:blank#${code}`, title: 'x', status, detail: `detail of ${code}`, code, ...extra }), {
    status,
    headers: { 'content-type': 'application/problem+json', ...headers },
  });

let storage: ReturnType<typeof memoryStorage>;
let fetchMock: ReturnType<typeof vi.fn>;
let assign: ReturnType<typeof vi.fn>;

beforeEach(() => {
  storage = memoryStorage({ JWT: 'the-token' });
  assign = vi.fn();
  fetchMock = vi.fn();
  vi.stubGlobal('window', { localStorage: storage, location: { assign } });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const itemSchema = z.object({ id: z.number() });

describe('apiRequest', () => {
  it('sends the stored token as a Bearer header and JSON bodies with their content type', async () => {
    fetchMock.mockResolvedValue(json(201, { id: 7 }));
    const item = await apiRequest('/Category', { method: 'POST', body: { name: 'a' }, schema: itemSchema });
    expect(item).toEqual({ id: 7 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/Category');
    expect(init.method).toBe('POST');
    expect(init.headers.authorization).toBe('Bearer the-token');
    expect(init.headers['content-type']).toBe('application/json');
    expect(init.body).toBe('{"name":"a"}');
  });

  it('sends no Authorization header without a stored token, and no content type without a body', async () => {
    storage.removeItem('JWT');
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await apiRequest('/Project/3', { method: 'DELETE' });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init.headers.authorization).toBeUndefined();
    expect(init.headers['content-type']).toBeUndefined();
    expect(init.body).toBeUndefined();
  });

  it('builds the query string and leaves out empty values', async () => {
    fetchMock.mockResolvedValue(json(200, { id: 1 }));
    await apiRequest('/Project', {
      query: { PageLength: 10, PageNumber: 2, Title: '', CategoryID: undefined },
      schema: itemSchema,
    });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/Project?PageLength=10&PageNumber=2');
  });

  it('refuses an answer that does not match the contract', async () => {
    fetchMock.mockResolvedValue(json(200, { id: 'seven' }));
    const error = await apiRequest('/x', { schema: itemSchema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('bad_response');
  });

  it('turns problem+json into an ApiError with code, detail and field errors', async () => {
    fetchMock.mockResolvedValue(problem(400, 'validation', { errors: [{ field: 'name', message: 'Required' }] }));
    const error = (await apiRequest('/Category', { method: 'POST', body: {}, admin: true }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.code).toBe('validation');
    expect(error.detail).toBe('detail of validation');
    expect(error.fieldErrors).toEqual([{ field: 'name', message: 'Required' }]);
    expect(storage.getItem('JWT')).toBe('the-token');
  });

  it('reads Retry-After of a 429', async () => {
    fetchMock.mockResolvedValue(problem(429, 'too_many_requests', {}, { 'retry-after': '840' }));
    const error = (await apiRequest('/login/Auth', { method: 'POST', body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('too_many_requests');
    expect(error.retryAfterSeconds).toBe(840);
  });

  it('gives an error that is not problem+json a code by its status', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = (await apiRequest('/Category').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.code).toBe('internal');
  });

  it('reports an unreachable server as a network error', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = (await apiRequest('/Category').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(0);
    expect(error.code).toBe('network');
  });

  it('ends the session on a 401 of an admin call: token removed, listeners told', async () => {
    const ended = vi.fn();
    const unsubscribe = onSessionEnded(ended);
    fetchMock.mockResolvedValue(problem(401, 'unauthorized'));
    const error = (await apiRequest('/Category/1', { method: 'DELETE', admin: true }).catch((e: unknown) => e)) as ApiError;
    unsubscribe();
    expect(error.status).toBe(401);
    expect(storage.getItem('JWT')).toBeNull();
    expect(ended).toHaveBeenCalledOnce();
    expect(assign).not.toHaveBeenCalled();
  });

  it('sends the browser to the login page itself when nobody listens', async () => {
    fetchMock.mockResolvedValue(problem(401, 'unauthorized'));
    await apiRequest('/Category/1', { method: 'DELETE', admin: true }).catch(() => undefined);
    expect(assign).toHaveBeenCalledWith(sessionExpiredLocation);
  });

  it('keeps a token stored while a refused call was under way: a sign-in since then has not ended', async () => {
    const ended = vi.fn();
    const unsubscribe = onSessionEnded(ended);
    fetchMock.mockImplementation(async () => {
      storage.setItem('JWT', 'a-new-token');
      return problem(401, 'unauthorized');
    });
    const error = (await apiRequest('/Category/1', { method: 'DELETE', admin: true }).catch((e: unknown) => e)) as ApiError;
    unsubscribe();
    expect(error.status).toBe(401);
    expect(storage.getItem('JWT')).toBe('a-new-token');
    expect(ended).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('keeps the token on a 401 of a call that is not an admin call (a failed sign-in)', async () => {
    fetchMock.mockResolvedValue(problem(401, 'invalid_credentials'));
    const error = (await apiRequest('/login/Auth', { method: 'POST', body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('invalid_credentials');
    expect(storage.getItem('JWT')).toBe('the-token');
    expect(assign).not.toHaveBeenCalled();
  });
});

describe("readAhead (a tab's first reads at its touch, issue 46)", () => {
  // Each test reads its own address: what one test read ahead is not another's.
  it('starts the read with the stored token; the same call takes its answer once, then asks anew', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { id: 1 })).mockResolvedValueOnce(json(200, { id: 2 }));
    readAhead('/Ahead/Taken');
    readAhead('/Ahead/Taken'); // a second touch while it runs: not read twice
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/Ahead/Taken');
    expect(init.headers.authorization).toBe('Bearer the-token');
    expect(await apiRequest('/Ahead/Taken', { schema: itemSchema, admin: true })).toEqual({ id: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await apiRequest('/Ahead/Taken', { schema: itemSchema, admin: true })).toEqual({ id: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('reads a list with its query, taken only by the call with the same query', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { id: 1 })).mockResolvedValueOnce(json(200, { id: 2 }));
    readAhead('/Ahead/List', { PageLength: 10, PageNumber: 1, Search: undefined });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/Ahead/List?PageLength=10&PageNumber=1');
    // Another page is another read; the first page's answer stays for its own call.
    expect(await apiRequest('/Ahead/List', { query: { PageLength: 10, PageNumber: 2 }, schema: itemSchema })).toEqual({ id: 2 });
    expect(await apiRequest('/Ahead/List', { query: { PageLength: 10, PageNumber: 1 }, schema: itemSchema })).toEqual({ id: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is not taken by a call with another token (signed in anew since the touch)', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { id: 1 })).mockResolvedValueOnce(json(200, { id: 2 }));
    readAhead('/Ahead/OtherToken');
    storage.setItem('JWT', 'another-token');
    expect(await apiRequest('/Ahead/OtherToken', { schema: itemSchema, admin: true })).toEqual({ id: 2 });
    expect(fetchMock.mock.calls[1]![1].headers.authorization).toBe('Bearer another-token');
  });

  it('is not taken once it is older than a few seconds, and a touch then reads anew', async () => {
    const now = vi.spyOn(performance, 'now').mockReturnValue(1_000);
    fetchMock.mockImplementation(async () => json(200, { id: fetchMock.mock.calls.length }));
    readAhead('/Ahead/Old');
    now.mockReturnValue(12_000);
    expect(await apiRequest('/Ahead/Old', { schema: itemSchema, admin: true })).toEqual({ id: 2 });
    readAhead('/Ahead/Old');
    now.mockReturnValue(13_000);
    readAhead('/Ahead/Old');
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(await apiRequest('/Ahead/Old', { schema: itemSchema, admin: true })).toEqual({ id: 3 });
    now.mockRestore();
  });

  it('leaves a read that failed to the call itself, and reads nothing without a token', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('offline')).mockResolvedValueOnce(json(200, { id: 5 }));
    readAhead('/Ahead/Failed');
    expect(await apiRequest('/Ahead/Failed', { schema: itemSchema, admin: true })).toEqual({ id: 5 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    storage.removeItem('JWT');
    readAhead('/Ahead/NoToken');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates, and ignores anything else', () => {
    expect(parseRetryAfter('120')).toBe(120);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
    const now = Date.parse('2026-01-01T12:00:00Z');
    expect(parseRetryAfter('Thu, 01 Jan 2026 12:05:00 GMT', now)).toBe(300);
  });
});
