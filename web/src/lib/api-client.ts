import { type ErrorCode, type Problem, apiPrefix } from '@blitz/contract';
import type { AnswerReader } from './answer-reader';
import { clearToken, readToken } from './auth-token';
import { parseRetryAfter } from './retry-after';

/**
 * Why a call failed: the server's error code (problem+json), `network` when the server could
 * not be reached, `bad_response` when the answer was not what the contract promises.
 */
export type ApiErrorCode = ErrorCode | 'network' | 'bad_response';

/** A failed API call, typed so that screens can say what went wrong in the visitor's language. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  /** The server's own explanation (English, for staff and logs). */
  readonly detail: string | undefined;
  /** The fields a 400 names, with the server's message for each. */
  readonly fieldErrors: { field: string; message: string }[];
  /** From `Retry-After` on a 429: seconds until another attempt is allowed. */
  readonly retryAfterSeconds: number | undefined;
  /** A stale save (409 `edit_conflict`): who changed the item meanwhile and when, if the server knows. */
  readonly changedBy: { name: string; at: string } | null | undefined;
  /** A name refused as taken (409 `conflict`) by an item in the trash. */
  readonly inTrash: boolean;
  /** A library file refused deletion (409 `file_in_use`): where it is used. */
  readonly usedOn: NonNullable<Problem['usedOn']>;

  constructor(
    status: number,
    code: ApiErrorCode,
    options: {
      detail?: string;
      fieldErrors?: Problem['errors'];
      retryAfterSeconds?: number;
      changedBy?: Problem['changedBy'];
      inTrash?: Problem['inTrash'];
      usedOn?: Problem['usedOn'];
      cause?: unknown;
    } = {},
  ) {
    super(options.detail ? `${status} ${code}: ${options.detail}` : `${status} ${code}`, { cause: options.cause });
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.detail = options.detail;
    this.fieldErrors = options.fieldErrors ?? [];
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.changedBy = options.changedBy;
    this.inTrash = options.inTrash ?? false;
    this.usedOn = options.usedOn ?? [];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type SessionEndedListener = () => void;
const sessionEndedListeners = new Set<SessionEndedListener>();

/**
 * Called when an admin call answers 401 (the token expired or was revoked mid-session), after
 * the token is removed. The admin area subscribes and sends the user to the login page; with
 * no subscriber the browser goes there itself. Returns the unsubscribe function.
 */
export function onSessionEnded(listener: SessionEndedListener): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/** Login page path and the query that makes it say why the user is there. */
export const sessionExpiredLocation = '/login?session=expired';

function endSession(refused: string | null): void {
  // Signed in anew since this call went out: that session has not ended.
  if (readToken() !== refused) return;
  if (refused) clearToken(refused);
  if (sessionEndedListeners.size === 0) {
    window.location.assign(sessionExpiredLocation);
    return;
  }
  for (const listener of sessionEndedListeners) listener();
}

/** A call's query parameters; one left undefined or empty is not sent. */
export type ApiQuery = Record<string, string | number | undefined>;

export type ApiRequest<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: ApiQuery;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is, with its type (a CSV file's text); instead of `body`. */
  text?: { content: string; type: string };
  /**
   * The contract's schema of the success answer (or, in the dashboard's first view, its reader:
   * lib/answer-reader.ts); without it the body is ignored (204).
   */
  schema?: AnswerReader<T>;
  /** An admin call: a 401 means the session is over (token removed, user sent to login). */
  admin?: boolean;
  signal?: AbortSignal;
};

function urlOf(path: string, query: ApiQuery | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${apiPrefix}${path}${search ? `?${search}` : ''}`;
}

async function errorOf(response: Response): Promise<ApiError> {
  const retryAfterSeconds = parseRetryAfter(response.headers.get('retry-after'));
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const problem = problemOf(body);
  const fallback: ErrorCode = response.status === 401 ? 'unauthorized' : response.status >= 500 ? 'internal' : 'validation';
  if (!problem) return new ApiError(response.status, fallback, { retryAfterSeconds });
  return new ApiError(response.status, (problem.code as ErrorCode | undefined) ?? fallback, {
    detail: problem.detail,
    fieldErrors: problem.errors,
    retryAfterSeconds,
    changedBy: problem.changedBy,
    inTrash: problem.inTrash,
    usedOn: problem.usedOn,
  });
}

/**
 * A problem+json answer, read without zod (every screen's errors pass here, the dashboard's first
 * view's too): what is not of the contract's shape is left out, as if the server had not sent it.
 */
function problemOf(body: unknown): Problem | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const problem = body as Record<string, unknown>;
  const { type, title, status } = problem;
  if (typeof type !== 'string' || typeof title !== 'string' || !Number.isInteger(status)) return undefined;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const list = <T>(value: unknown, isItem: (item: Record<string, unknown>) => boolean) =>
    Array.isArray(value) && value.every((item) => typeof item === 'object' && item !== null && isItem(item))
      ? (value as T[])
      : undefined;
  const changedBy = problem['changedBy'] as { name?: unknown; at?: unknown } | null | undefined;
  return {
    type,
    title,
    status: status as number,
    detail: text(problem['detail']),
    code: text(problem['code']),
    errors: list(problem['errors'], (e) => typeof e['field'] === 'string' && typeof e['message'] === 'string'),
    changedBy:
      changedBy === null
        ? null
        : typeof changedBy?.name === 'string' && typeof changedBy.at === 'string'
          ? { name: changedBy.name, at: changedBy.at }
          : undefined,
    inTrash: typeof problem['inTrash'] === 'boolean' ? problem['inTrash'] : undefined,
    usedOn: list(problem['usedOn'], () => true),
  };
}

/** How long an answer the early script asked for may stand in for the application's own call. */
const earlyResponseLifetime = 15_000;

/** Reads started ahead of the code that makes them (`readAhead`), by method and address. */
const readsAhead = new Map<string, { token: string; at: number; response: Promise<Response | undefined> }>();
/** How long an answer read ahead may stand in for the application's own call. */
const readAheadLifetime = 10_000;

/**
 * Starts an admin read now, before the code that makes it has loaded: a dashboard tab's first
 * call at the touch of its tab (issue 46), so that it runs while the tab's code loads. The
 * application's same call (the same address and query) with the same token takes the answer
 * (`apiRequest`), once, if it comes within a few seconds; otherwise it asks anew.
 */
export function readAhead(path: string, query?: ApiQuery): void {
  const token = readToken();
  if (!token) return;
  const url = urlOf(path, query);
  const key = `GET ${url}`;
  const started = readsAhead.get(key);
  if (started && started.token === token && performance.now() - started.at < readAheadLifetime) return;
  const response = fetch(url, { headers: { accept: 'application/json', authorization: `Bearer ${token}` } }).catch(
    () => undefined,
  );
  readsAhead.set(key, { token, at: performance.now(), response });
}

/**
 * The answer to this call that was asked for before the application made it, once, if it was
 * asked with the same token not long ago: at a tab's touch (`readAhead`) or by the dashboard's
 * early script (early-requests.ts); else undefined (the promise's too, where the script decided
 * not to ask or the read failed).
 */
function takeEarlyResponse(key: string, token: string | null): Promise<Response | undefined> | undefined {
  const ahead = readsAhead.get(key);
  if (ahead) {
    readsAhead.delete(key);
    if (ahead.token === token && performance.now() - ahead.at < readAheadLifetime) return ahead.response;
  }
  const early = typeof window === 'undefined' ? undefined : window.blitzEarlyRequests;
  const response = early?.responses.get(key);
  if (!early || !response) return undefined;
  early.responses.delete(key);
  return early.token === token && performance.now() - early.startedAt < earlyResponseLifetime ? response : undefined;
}

/**
 * The one way the web app talks to the API: sends the stored token as a Bearer header,
 * checks the answer against the contract's schema and turns every failure into an ApiError.
 */
export async function apiRequest<T = void>(path: string, request: ApiRequest<T> = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = readToken();
  if (token) headers['authorization'] = `Bearer ${token}`;
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  if (request.text !== undefined) headers['content-type'] = request.text.type;

  const url = urlOf(path, request.query);
  const send = () =>
    fetch(url, {
      method: request.method ?? 'GET',
      headers,
      body: request.text?.content ?? (request.body === undefined ? undefined : JSON.stringify(request.body)),
      signal: request.signal,
    });
  const early = takeEarlyResponse(`${request.method ?? 'GET'} ${url}`, token);
  let response: Response;
  try {
    response = await (early ? early.then((answer) => answer ?? send()) : send());
  } catch (cause) {
    if (request.signal?.aborted) throw cause;
    throw new ApiError(0, 'network', { cause });
  }

  if (!response.ok) {
    const error = await errorOf(response);
    if (response.status === 401 && request.admin) endSession(token);
    throw error;
  }
  if (!request.schema) return undefined as T;
  let body: unknown;
  try {
    body = await response.json();
  } catch (cause) {
    throw new ApiError(response.status, 'bad_response', { cause });
  }
  const parsed = request.schema.safeParse(body);
  if (!parsed.success) throw new ApiError(response.status, 'bad_response', { detail: parsed.error.message });
  return parsed.data;
}

/**
 * An admin call sending multipart/form-data (several files at once), reporting the upload's
 * progress (0–1) as it goes: fetch cannot tell it, so this one goes through XMLHttpRequest. Its
 * answers are read as apiRequest reads them.
 */
export function apiUpload<T>(
  path: string,
  request: { method: 'POST' | 'PUT'; form: FormData; schema: AnswerReader<T>; onProgress?: (done: number) => void },
): Promise<T> {
  const token = readToken();
  return new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, urlOf(path, undefined));
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) request.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const headers = new Headers();
      const retryAfter = xhr.getResponseHeader('retry-after');
      if (retryAfter) headers.set('retry-after', retryAfter);
      resolve(new Response(xhr.status === 204 ? null : xhr.responseText, { status: xhr.status, headers }));
    };
    xhr.onerror = () => reject(new ApiError(0, 'network'));
    xhr.send(request.form);
  }).then(async (response) => {
    if (!response.ok) {
      const error = await errorOf(response);
      if (response.status === 401) endSession(token);
      throw error;
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (cause) {
      throw new ApiError(response.status, 'bad_response', { cause });
    }
    const parsed = request.schema.safeParse(body);
    if (!parsed.success) throw new ApiError(response.status, 'bad_response', { detail: parsed.error.message });
    return parsed.data;
  });
}
