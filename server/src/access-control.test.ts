import http from 'node:http';
import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { api, databaseKinds, freshDatabase, signIn, tempDir, testConfig } from './test/helper';

// Access control over the whole route table: every API route answers 401 without a valid token
// unless it is on the short list of public routes below. A new route is therefore closed until
// someone puts it on this list on purpose.
const publicRoutes = new Set([
  'GET /api/v1/Category',
  'GET /api/v1/Project',
  'GET /api/v1/Project/:id',
  'GET /api/v1/Job',
  'GET /api/v1/Job/:id',
  'GET /api/v1/Settings',
  'POST /api/v1/login/Auth',
  'POST /api/v1/login/Verfy',
  'POST /api/v1/Contact',
  'GET /api/v1/Contact/FormToken',
  // The no-JavaScript form's start time (a signed cookie), asked for by its stylesheet.
  'GET /api/v1/Contact/FormStart',
  // Ending a preview of the page texts only takes the drafts away from this browser.
  'DELETE /api/v1/Text/Preview',
  'POST /api/v1/Text/Preview/End',
  // A visitor's objection to the visitor count (the imprint's link without JavaScript): only their own cookie.
  'GET /api/v1/Statistics/Objection',
]);

async function startWithRoutes(kind: 'sqlite' | 'postgres') {
  const dataDir = tempDir();
  const database = await freshDatabase(kind, dataDir);
  const routes: string[] = [];
  const app = await buildApp(testConfig(dataDir), {
    database,
    logger: false,
    onRoute: (route: RouteOptions) => {
      if (!route.url.startsWith('/api/')) return;
      for (const method of ([] as string[]).concat(route.method as string | string[])) {
        if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
      }
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { app, url: `http://127.0.0.1:${port}`, routes, close: () => app.close() };
}

function trace(url: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url + path, { method: 'TRACE', headers: { 'x-secret-header': 'echo-me' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe.each(databaseKinds)('access control on %s', (kind) => {
  it('closes every API route but the public ones to callers without a valid token', async () => {
    const { url, routes, close } = await startWithRoutes(kind);
    try {
      expect(routes.length).toBeGreaterThan(15);
      const open: string[] = [];
      for (const route of routes) {
        const [method, path] = route.split(' ') as [string, string];
        const address = path.replace(/:[A-Za-z]+/g, '1');
        for (const token of [undefined, 'forged.token.value']) {
          const res = await api(url, method, address, { token, ...(method === 'GET' ? {} : { body: {} }) });
          if (res.status !== 401) {
            open.push(route);
            continue;
          }
          expect(res.headers.get('www-authenticate'), route).toBe('Bearer');
          expect(res.body.code, route).toBe('unauthorized');
        }
      }
      expect(new Set(open)).toEqual(publicRoutes);
    } finally {
      await close();
    }
  });

  it('refuses the tokens of a user who no longer exists', async () => {
    const { app, url, close } = await startWithRoutes(kind);
    try {
      const token = await signIn(url);
      expect((await api(url, 'GET', '/api/v1/Inquiry', { token })).status).toBe(200);
      await app.db.deleteFrom('users').execute();
      expect((await api(url, 'GET', '/api/v1/Inquiry', { token })).status).toBe(401);
      expect((await api(url, 'POST', '/api/v1/login/Verfy', { body: { JWT: token } })).body).toEqual({ valid: false });
    } finally {
      await close();
    }
  });

  it('does not answer TRACE: nothing is echoed back', async () => {
    const { url, close } = await startWithRoutes(kind);
    try {
      for (const path of ['/', '/api/v1/Project', '/api/v1/login/Auth']) {
        const res = await trace(url, path);
        expect(res.status, path).toBe(404);
        expect(res.body).not.toContain('echo-me');
      }
    } finally {
      await close();
    }
  });
});
