import http from 'node:http';
import path from 'node:path';
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { contactFormExtras, generalFields, priceInquiryFields } from '@blitz/contract';
import { storedFiles, until } from './modules/contact/contact.test-kit';
import { buildApp } from './app';
import { anyJson, anyParam, arbitraryFor, nastyStrings } from './test/zod-arbitrary';
import { api, databaseKinds, freshDatabase, signIn, tempDir, testConfig } from './test/helper';

// Property-based robustness: requests generated for every API route from its schemas, then
// mutated. Whatever comes in, no answer is a 5xx, none leaks a stack trace or SQL, and the
// server still answers afterwards. A fixed seed keeps CI repeatable; FUZZ_RUNS raises the count.
const runsPerRoute = Number(process.env['FUZZ_RUNS'] ?? 25);
const seed = Number(process.env['FUZZ_SEED'] ?? 20261122);

type CollectedRoute = { method: string; url: string; body?: z.ZodType; query?: z.ZodType; params?: z.ZodType };

const leaks = [/\bat .+\.(js|ts):\d+/, /SQLITE_/, /syntax error at or near/i, /\bSELECT\b.+\bFROM\b/i, /node_modules/];
const contentTypes = [
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
];

async function startFuzzApp(kind: 'sqlite' | 'postgres', env: Record<string, string> = {}) {
  const dataDir = tempDir();
  const database = await freshDatabase(kind, dataDir);
  const routes: CollectedRoute[] = [];
  const app = await buildApp(testConfig(dataDir, env), {
    database,
    logger: false,
    onRoute: (route: RouteOptions) => {
      const methods = ([] as string[]).concat(route.method as string | string[]);
      if (!route.url.startsWith('/api/')) return;
      for (const method of methods) {
        if (method === 'HEAD') continue;
        const schema = (route.schema ?? {}) as { body?: z.ZodType; querystring?: z.ZodType; params?: z.ZodType };
        routes.push({ method, url: route.url, body: schema.body, query: schema.querystring, params: schema.params });
      }
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { app, url: `http://127.0.0.1:${port}`, routes, dataDir };
}

function fillPath(url: string, values: string[]): string {
  let i = 0;
  return url.replace(/:[A-Za-z]+/g, () => encodeURIComponent(values[i++] ?? '1'));
}

/** A value of the schema that it accepts, found among generated ones (undefined where none turns up). */
function validExample(schema: z.ZodType | undefined): unknown {
  if (!schema) return undefined;
  return fc.sample(arbitraryFor(schema), { numRuns: 3000, seed }).find((value) => schema.safeParse(value).success);
}

/** Every place in `value` that holds a string, as a path of keys. */
function stringPaths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [at];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringPaths(item, [...at, i]));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...at, k]));
  return [];
}

function withTextAt(value: unknown, at: (string | number)[], text: (old: string) => string): unknown {
  if (at.length === 0) return text(value as string);
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  copy[at[0]!] = withTextAt(copy[at[0]!], at.slice(1), text);
  return copy;
}

describe.each(databaseKinds)('fuzzing every API route on %s', (kind) => {
  it('never answers 5xx, never leaks internals, and keeps serving', async () => {
    const { app, url, routes } = await startFuzzApp(kind);
    try {
      expect(routes.length).toBeGreaterThan(10);
      const token = await signIn(url);
      let requests = 0;
      for (const route of routes) {
        const request = fc.record({
          params: fc.array(anyParam, { minLength: 2, maxLength: 2 }),
          query: route.query ? arbitraryFor(route.query) : fc.dictionary(fc.string({ maxLength: 8 }), anyParam, { maxKeys: 2 }),
          body: route.body ? arbitraryFor(route.body) : anyJson,
          raw: fc.option(
            fc.oneof(
              fc.constantFrom(...nastyStrings, '{"a":', '[', '{}}', '\u0000'),
              fc.string({ unit: 'binary', maxLength: 200 }),
            ),
            {
              nil: undefined,
            },
          ),
          contentType: fc.constantFrom(...contentTypes),
          withToken: fc.boolean(),
        });
        await fc.assert(
          fc.asyncProperty(request, async (r) => {
            requests++;
            const query = new URLSearchParams();
            if (r.query && typeof r.query === 'object') {
              for (const [k, v] of Object.entries(r.query as Record<string, unknown>))
                query.append(k, typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
            }
            const target = fillPath(route.url, r.params) + (query.size ? `?${query}` : '');
            const sendsBody = route.method !== 'GET' && route.method !== 'DELETE';
            // A successful logout would end the token the other routes are fuzzed with.
            const useToken = r.withToken && !/logout/i.test(route.url);
            const res = await api(url, route.method, target, {
              token: useToken ? token : undefined,
              ...(sendsBody
                ? r.raw !== undefined
                  ? { raw: r.raw, headers: { 'content-type': r.contentType } }
                  : { raw: JSON.stringify(r.body) ?? 'null', headers: { 'content-type': 'application/json' } }
                : {}),
            });
            const context = `${route.method} ${target.slice(0, 200)} → ${res.status} ${res.text.slice(0, 300)}`;
            expect(res.status, context).toBeLessThan(500);
            // The page texts' list is the site's prose, where "Select … from" is English, not SQL.
            const prose = route.url === '/api/v1/Text' && res.status < 300;
            if (!prose) for (const pattern of leaks) expect(res.text, context).not.toMatch(pattern);
            // 431 comes from Node's HTTP parser before the app sees the request.
            if (res.status >= 400 && res.status !== 401 && res.status !== 431)
              expect(res.headers.get('content-type'), context).toMatch(/problem\+json/);
          }),
          { numRuns: runsPerRoute, seed, endOnFailure: true },
        );
      }
      // Still alive and still correct after everything above.
      expect((await api(url, 'POST', '/api/v1/login/Verfy', { body: { JWT: token } })).status).toBe(200);
      expect((await api(url, 'GET', '/api/v1/Project')).status).toBe(200);
      console.log(`fuzz (${kind}): ${requests} requests over ${routes.length} routes`);
    } finally {
      await app.close();
    }
  }, 600_000);

  it('refuses hostile characters in every string position of an otherwise valid request, never with a 5xx', async () => {
    const { app, url, routes } = await startFuzzApp(kind);
    try {
      const token = await signIn(url);
      let requests = 0;
      for (const route of routes.filter((r) => !/logout/i.test(r.url))) {
        const query = validExample(route.query) as Record<string, unknown> | undefined;
        const body = validExample(route.body);
        const params = (route.url.match(/:[A-Za-z]+/g) ?? []).map(() => '1');
        const places = [
          ...stringPaths(query).map((at) => ({ part: 'query' as const, at })),
          ...stringPaths(body).map((at) => ({ part: 'body' as const, at })),
          ...params.map((_, i) => ({ part: 'params' as const, at: [i] })),
        ];
        for (const place of places) {
          for (const control of ['\u0000', '\u0085', '\u202e', '\u001b']) {
            const hostile = (old: string) => `${old.slice(0, 1)}${control}${old.slice(1)}`;
            const q = place.part === 'query' ? (withTextAt(query, place.at, hostile) as Record<string, unknown>) : query;
            const b = place.part === 'body' ? withTextAt(body, place.at, hostile) : body;
            const p = place.part === 'params' ? (withTextAt(params, place.at, hostile) as string[]) : params;
            const search = new URLSearchParams(Object.entries(q ?? {}).map(([k, v]) => [k, String(v)]));
            const target = fillPath(route.url, p) + (search.size ? `?${search}` : '');
            const sendsBody = route.method !== 'GET' && route.method !== 'DELETE';
            requests++;
            const res = await api(url, route.method, target, { token, ...(sendsBody ? { body: b ?? {} } : {}) });
            const context = `${route.method} ${target.slice(0, 200)} ${place.part}.${place.at.join('.')} → ${res.status} ${res.text.slice(0, 200)}`;
            expect(res.status, context).toBeLessThan(500);
            if (control === '\u0000' && res.status < 300) throw new Error(`stored a NUL: ${context}`);
          }
        }
      }
      console.log(`fuzz (${kind}): ${requests} requests with a hostile character in one string position`);
    } finally {
      await app.close();
    }
  }, 600_000);
});

/** A POST with exactly these bytes and headers (fetch would fix a wrong Content-Length). */
function rawPost(
  base: string,
  route: string,
  headers: Record<string, string>,
  body: Buffer,
): Promise<{ status: number; type: string; text: string } | 'dropped' | 'unanswered'> {
  return new Promise((resolve) => {
    const request = http.request(`${base}${route}`, { method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          type: String(res.headers['content-type'] ?? ''),
          text: Buffer.concat(chunks).toString(),
        }),
      );
      res.on('error', () => resolve('dropped'));
    });
    // An answer given before the whole body was read may reach a client still sending as a
    // dropped connection: no answer to check then.
    request.on('error', () => resolve('dropped'));
    // Every body here is complete as declared (or declared too large to read): the server must
    // answer it, not wait for the client to give up.
    request.setTimeout(10_000, () => {
      resolve('unanswered');
      request.destroy();
    });
    request.end(body);
  });
}

const fileNames = fc.oneof(
  fc.constantFrom('plan.pdf', '../../../etc/passwd', '..\\..\\boot.ini', 'a\r\nb.pdf', '', '.htaccess', 'x'.repeat(400) + '.pdf'),
  fc.string({ maxLength: 30 }),
);
const fileContents = fc.oneof(
  { weight: 3, arbitrary: fc.constant(Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n')) },
  fc
    .uint8Array({ maxLength: 2000 })
    .map((bytes) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(bytes), Buffer.from('\n%%EOF\n')])),
  fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes)),
  fc.constant(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
  fc.constant(Buffer.alloc(0)),
);
const fieldNames = fc.constantFrom(
  ...generalFields,
  ...priceInquiryFields,
  ...Object.values(contactFormExtras),
  '__proto__',
  'constructor',
  'attachment',
  'subject[]',
);
// Half of the forms start from a valid inquiry and most are sent intact, so that the storing
// path is fuzzed too, not only the refusals.
const validForm: [string, string][] = [
  ['subject', 'generalMessage'],
  ['firstName', 'Erika'],
  ['lastName', 'Musterfrau'],
  ['phone', '+49 6181 12345'],
  ['email', 'erika@example.org'],
  ['message', 'Bitte um Rückruf.'],
];
const multipartRequest = fc.record({
  valid: fc.boolean(),
  fields: fc.array(fc.tuple(fieldNames, fc.oneof(fc.constantFrom(...nastyStrings), fc.string({ maxLength: 60 }))), {
    maxLength: 4,
  }),
  files: fc.array(
    fc.tuple(
      fc.constantFrom('attachment', 'attachment', 'attachment', 'other'),
      fileNames,
      fc.constantFrom('application/pdf', 'image/png', 'text/html', ''),
      fileContents,
    ),
    {
      maxLength: 3,
    },
  ),
  // Cut the body short, declare more than is sent, break the boundary, or leave it intact.
  mutation: fc.oneof(
    { weight: 4, arbitrary: fc.constant({ kind: 'none' as const }) },
    fc.double({ min: 0, max: 1, noNaN: true }).map((at) => ({ kind: 'truncate' as const, at })),
    fc.constant({ kind: 'declareHuge' as const }),
    fc.constant({ kind: 'wrongBoundary' as const }),
    fc.constant({ kind: 'noBoundary' as const }),
  ),
});

type MultipartRequest = typeof multipartRequest extends fc.Arbitrary<infer T> ? T : never;

function multipartBody(r: MultipartRequest) {
  const boundary = 'fuzz-boundary-7d1';
  const parts: Buffer[] = [];
  for (const [name, value] of [...(r.valid ? validForm : []), ...r.fields]) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [field, fileName, type, content] of r.files) {
    const typeLine = type ? `Content-Type: ${type}\r\n` : '';
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n${typeLine}\r\n`),
    );
    parts.push(content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  let body = Buffer.concat(parts);
  let contentType = `multipart/form-data; boundary=${boundary}`;
  const headers: Record<string, string> = {};
  const m = r.mutation;
  if (m.kind === 'truncate') body = body.subarray(0, Math.floor(body.length * m.at));
  if (m.kind === 'wrongBoundary') contentType = 'multipart/form-data; boundary=not-the-one';
  if (m.kind === 'noBoundary') contentType = 'multipart/form-data';
  headers['content-type'] = contentType;
  headers['content-length'] = String(m.kind === 'declareHuge' ? 200 * 1024 * 1024 : body.length);
  return { headers, body };
}

describe.each(databaseKinds)('fuzzing the contact form upload on %s', (kind) => {
  it('answers every mangled multipart request below 500, stores inquiries whole, and leaves no temporary file', async () => {
    const { app, url, dataDir } = await startFuzzApp(kind, { CONTACT_RATE_LIMIT: '1000000', CONTACT_MIN_FILL_SECONDS: '0' });
    try {
      let requests = 0;
      let created = 0;
      await fc.assert(
        fc.asyncProperty(multipartRequest, async (r) => {
          requests++;
          const { headers, body } = multipartBody(r);
          const res = await rawPost(url, '/api/v1/Contact', headers, body);
          expect(res, r.mutation.kind).not.toBe('unanswered');
          if (res === 'dropped' || res === 'unanswered') return;
          const context = `${r.mutation.kind} ${res.status} ${res.text.slice(0, 300)}`;
          expect(res.status, context).toBeLessThan(500);
          for (const pattern of leaks) expect(res.text, context).not.toMatch(pattern);
          if (res.status === 201) created++;
          else expect(res.type, context).toMatch(/problem\+json/);
        }),
        { numRuns: runsPerRoute * 4, seed, endOnFailure: true },
      );
      // Every 201 is one stored inquiry with all its files; nothing half-written is left behind.
      const inquiries = await app.db.selectFrom('inquiries').select('id').execute();
      expect(inquiries).toHaveLength(created);
      const keys = (await app.db.selectFrom('inquiry_attachments').select('storage_key').execute()).map((a) => a.storage_key);
      await until(() => storedFiles(dataDir).every((f) => !f.includes(`${path.sep}.incoming${path.sep}`)) || undefined);
      expect(
        storedFiles(dataDir)
          .map((f) => path.basename(f))
          .sort(),
      ).toEqual([...keys].sort());
      expect((await api(url, 'GET', '/api/v1/Project')).status).toBe(200);
      console.log(`fuzz contact upload (${kind}): ${requests} requests, ${created} stored`);
    } finally {
      await app.close();
    }
  }, 600_000);
});
