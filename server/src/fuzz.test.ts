import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
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

async function startFuzzApp(kind: 'sqlite' | 'postgres') {
  const dataDir = tempDir();
  const database = await freshDatabase(kind, dataDir);
  const routes: CollectedRoute[] = [];
  const app = await buildApp(testConfig(dataDir), {
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
  return { app, url: `http://127.0.0.1:${port}`, routes };
}

function fillPath(url: string, values: string[]): string {
  let i = 0;
  return url.replace(/:[A-Za-z]+/g, () => encodeURIComponent(values[i++] ?? '1'));
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
            for (const pattern of leaks) expect(res.text, context).not.toMatch(pattern);
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
});
