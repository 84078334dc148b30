import http from 'node:http';
import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { type RouteAccess, type UserRole, mayAccess, userRoles } from '@blitz/contract';
import { buildApp } from './app';
import { signedInAs } from './modules/accounts/accounts.test-kit';
import { generalMessage, pdfFile, postContact, priceInquiry } from './modules/contact/contact.test-kit';
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
  // A published page staff added, by its address (issue 45).
  'GET /api/v1/Page/ByAddress',
  // The news posts visitors see, and one by its address (issue 45, decision 063).
  'GET /api/v1/News/Published',
  'GET /api/v1/News/ByAddress',
  // How many of the newest posts the home page shows (decision 064).
  'GET /api/v1/News/Home',
  'GET /api/v1/Settings',
  'POST /api/v1/login/Auth',
  'POST /api/v1/login/Verfy',
  // An invitee's first sign-in: the link's one-time token is the proof.
  'POST /api/v1/login/Invitation',
  'POST /api/v1/Contact',
  'GET /api/v1/Contact/FormToken',
  // The form's definition in one language (with a staff token: every type as staff set it).
  'GET /api/v1/InquiryType',
  // The no-JavaScript form's start time (a signed cookie), asked for by its stylesheet.
  'GET /api/v1/Contact/FormStart',
  // Ending a preview of the page texts only takes the drafts away from this browser.
  'DELETE /api/v1/Text/Preview',
  'POST /api/v1/Text/Preview/End',
  // A visitor's objection to the visitor count (the imprint's link without JavaScript): only their own cookie.
  'GET /api/v1/Statistics/Objection',
  // A server asked under a host confirms here that the host reaches this site: a proof of a nonce, nothing else.
  'GET /api/v1/Settings/Address/Probe',
]);

/**
 * What every guarded route serves (issue 31, decision 035): the role dimension. A new route that
 * is neither public nor here fails the test below, as does one whose `config.access` differs.
 */
const routeAccess: Record<string, RouteAccess> = {
  'POST /api/v1/login/Password': 'self',
  'GET /api/v1/login/SecondFactor': 'self',
  'POST /api/v1/login/SecondFactor/Setup': 'self',
  'POST /api/v1/login/SecondFactor/Confirm': 'self',
  'POST /api/v1/login/SecondFactor/Disable': 'self',
  'GET /api/v1/login/Sessions': 'self',
  'DELETE /api/v1/login/Sessions/:id': 'self',
  'POST /api/v1/login/Logout': 'self',
  'GET /api/v1/User': 'admin',
  'POST /api/v1/User': 'admin',
  'PUT /api/v1/User': 'admin',
  'PUT /api/v1/User/Me': 'self',
  'DELETE /api/v1/User/:id': 'admin',
  'POST /api/v1/User/:id/Reset': 'admin',
  'POST /api/v1/User/:id/Invitation': 'admin',
  'DELETE /api/v1/User/:id/Invitation': 'admin',
  'POST /api/v1/Category': 'content',
  'PUT /api/v1/Category': 'content',
  'PUT /api/v1/Category/:id': 'content',
  'DELETE /api/v1/Category/:id': 'content',
  'POST /api/v1/Project': 'content',
  'PUT /api/v1/Project': 'content',
  'PUT /api/v1/Project/:id': 'content',
  'POST /api/v1/Project/:id/Move': 'content',
  'DELETE /api/v1/Project/:id': 'content',
  'POST /api/v1/Job': 'content',
  'PUT /api/v1/Job': 'content',
  'DELETE /api/v1/Job/:id': 'content',
  'GET /api/v1/Page': 'content',
  'GET /api/v1/Page/:id': 'content',
  'POST /api/v1/Page': 'content',
  'PUT /api/v1/Page': 'content',
  'DELETE /api/v1/Page/:id': 'content',
  'POST /api/v1/Page/:id/Publish': 'content',
  'POST /api/v1/Page/:id/Unpublish': 'content',
  'DELETE /api/v1/Page/:id/Draft': 'content',
  'GET /api/v1/News': 'content',
  'GET /api/v1/News/:id': 'content',
  'POST /api/v1/News': 'content',
  'PUT /api/v1/News': 'content',
  'PUT /api/v1/News/Home': 'content',
  'DELETE /api/v1/News/:id': 'content',
  'POST /api/v1/News/:id/Publish': 'content',
  'POST /api/v1/News/:id/Unpublish': 'content',
  'DELETE /api/v1/News/:id/Draft': 'content',
  'GET /api/v1/Text': 'content',
  'PUT /api/v1/Text': 'content',
  'POST /api/v1/Text/Publish': 'content',
  'POST /api/v1/Project/:id/Publish': 'content',
  'POST /api/v1/Project/:id/Unpublish': 'content',
  'DELETE /api/v1/Project/:id/Draft': 'content',
  'POST /api/v1/Text/Preview': 'content',
  'PUT /api/v1/Settings': 'admin',
  'GET /api/v1/Settings/Address': 'admin',
  'GET /api/v1/Settings/Mail': 'admin',
  'PUT /api/v1/Settings/Mail': 'admin',
  'PUT /api/v1/InquiryType': 'admin',
  'POST /api/v1/InquiryType': 'admin',
  'DELETE /api/v1/InquiryType/:key': 'admin',
  'GET /api/v1/MailTemplate': 'admin',
  'PUT /api/v1/MailTemplate': 'admin',
  'POST /api/v1/MailTemplate/Preview': 'admin',
  'POST /api/v1/MailTemplate/Test': 'admin',
  'POST /api/v1/Settings/Mail/Test': 'admin',
  'GET /api/v1/Settings/Checklist': 'admin',
  'PUT /api/v1/Settings/Checklist/:key': 'admin',
  'POST /api/v1/Settings/SampleContent/Remove': 'admin',
  'GET /api/v1/Inquiry': 'inbox',
  'GET /api/v1/Inquiry/Export': 'inbox',
  'GET /api/v1/Inquiry/Jobs': 'inbox',
  'GET /api/v1/Inquiry/Unread': 'inbox',
  'GET /api/v1/Inquiry/Retention': 'inbox',
  'PUT /api/v1/Inquiry/Retention': 'admin',
  'GET /api/v1/Inquiry/:id': 'inbox',
  'GET /api/v1/Inquiry/:id/Attachment/:attachmentId': 'inbox',
  'POST /api/v1/Inquiry/:id/Resend': 'inbox',
  'POST /api/v1/Inquiry/:id/Handled': 'inbox',
  'PUT /api/v1/Inquiry/:id': 'inbox',
  'POST /api/v1/Inquiry/:id/Note': 'inbox',
  'GET /api/v1/Inquiry/:id/Assignees': 'inbox',
  'POST /api/v1/Inquiry/:id/Reply': 'inbox',
  'GET /api/v1/ReplyTemplate': 'inbox',
  'PUT /api/v1/ReplyTemplate': 'admin',
  'DELETE /api/v1/Inquiry/:id': 'inbox',
  'GET /api/v1/Statistics': 'admin',
  'GET /api/v1/Audit': 'admin',
  'GET /api/v1/Audit/Export': 'admin',
  'GET /api/v1/Backup': 'admin',
  'POST /api/v1/Backup': 'admin',
  'GET /api/v1/Backup/:id/Download': 'admin',
  'GET /api/v1/File': 'content',
  'POST /api/v1/File': 'content',
  'PUT /api/v1/File': 'content',
  'DELETE /api/v1/File/:id': 'content',
  'GET /api/v1/File/:id/Usage': 'content',
  'GET /api/v1/Trash': 'content',
  'POST /api/v1/Trash/Restore': 'content',
  'DELETE /api/v1/Trash': 'admin',
  'GET /api/v1/Statistics/Export': 'admin',
  'GET /api/v1/Statistics/Summary': 'admin',
  'PUT /api/v1/Statistics/Summary': 'admin',
  'GET /api/v1/Redirect': 'admin',
  'POST /api/v1/Redirect': 'admin',
  'PUT /api/v1/Redirect': 'admin',
  'GET /api/v1/Redirect/:id': 'admin',
  'DELETE /api/v1/Redirect/:id': 'admin',
  'GET /api/v1/Redirect/Test': 'admin',
  'GET /api/v1/Redirect/Export': 'admin',
  'POST /api/v1/Redirect/Import': 'admin',
  'GET /api/v1/Import': 'admin',
  'POST /api/v1/Import/WordPress': 'admin',
  'GET /api/v1/Import/:id': 'admin',
  'GET /api/v1/NotFound': 'admin',
  'DELETE /api/v1/NotFound/:id': 'admin',
  'GET /api/v1/Settings/NotFound': 'admin',
  'PUT /api/v1/Settings/NotFound': 'admin',
  'GET /api/v1/Person': 'admin',
  'POST /api/v1/Person/Export': 'admin',
  'POST /api/v1/Person/Erase': 'admin',
};

async function startWithRoutes(kind: 'sqlite' | 'postgres') {
  const dataDir = tempDir();
  const database = await freshDatabase(kind, dataDir);
  const routes: string[] = [];
  const declared = new Map<string, RouteAccess | undefined>();
  const app = await buildApp(testConfig(dataDir), {
    database,
    logger: false,
    onRoute: (route: RouteOptions) => {
      if (!route.url.startsWith('/api/')) return;
      for (const method of ([] as string[]).concat(route.method as string | string[])) {
        if (method === 'HEAD') continue;
        routes.push(`${method} ${route.url}`);
        declared.set(`${method} ${route.url}`, route.config?.access);
      }
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { app, url: `http://127.0.0.1:${port}`, routes, declared, close: () => app.close() };
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

  it('gives every guarded route a declared access, and each role exactly the routes its access allows', async () => {
    const { url, routes, declared, close } = await startWithRoutes(kind);
    try {
      const guarded = routes.filter((route) => !publicRoutes.has(route));
      expect(Object.fromEntries(guarded.map((route) => [route, declared.get(route) ?? 'undeclared']))).toEqual(routeAccess);
      const admin = await signIn(url);
      const tokens: Record<UserRole, string> = {
        admin,
        editor: (await signedInAs(url, admin, 'editor', 'editor')).token,
        inbox: (await signedInAs(url, admin, 'inbox', 'inbox')).token,
        // Content and inbox rights together (issue 42, decision 051).
        editorInbox: (await signedInAs(url, admin, 'office', 'editorInbox')).token,
      };
      expect(Object.keys(tokens).sort()).toEqual([...userRoles].sort());
      // Logging out ends the token: last.
      const ordered = [...guarded.filter((r) => !r.endsWith('/Logout')), ...guarded.filter((r) => r.endsWith('/Logout'))];
      const wrong: string[] = [];
      for (const route of ordered) {
        const [method, path] = route.split(' ') as [string, string];
        const address = path.replace(/:[A-Za-z]+/g, '999');
        for (const role of ['editor', 'inbox', 'editorInbox', 'admin'] as const) {
          const res = await api(url, method, address, { token: tokens[role], ...(method === 'GET' ? {} : { body: {} }) });
          const allowed = mayAccess(role, routeAccess[route]!);
          const refused = res.status === 403 && res.body?.code === 'forbidden';
          if (allowed === refused || res.status === 401) wrong.push(`${role} ${route} → ${res.status}`);
        }
      }
      expect(wrong, wrong.join('\n')).toEqual([]);
    } finally {
      await close();
    }
  });

  it.each(['inbox', 'editorInbox'] as const)(
    'shows an %s account limited to applications nothing of another type: list, detail, attachments, CSV',
    async (role) => {
      const { url, close } = await startWithRoutes(kind);
      try {
        const admin = await signIn(url);
        const hr = (await signedInAs(url, admin, 'hr', role, { inquiryTypes: ['application'] })).token;
        const sent = {
          application: await postContact(url, { ...generalMessage, subject: 'application', lastName: 'Bewerberin' }, [
            pdfFile('cv.pdf'),
          ]),
          priceInquiry: await postContact(url, { ...priceInquiry, lastName: 'Preisfrager' }, [pdfFile('plan.pdf')]),
          generalMessage: await postContact(url, { ...generalMessage, lastName: 'Nachrichter' }, [pdfFile('note.pdf')]),
        };
        const list = await api(url, 'GET', '/api/v1/Inquiry', { token: hr });
        expect(list.body.data.map((i: { subject: string }) => i.subject)).toEqual(['application']);
        expect(list.body.count).toBe(1);
        const csv = await api(url, 'GET', '/api/v1/Inquiry/Export?lang=en', { token: hr });
        expect(csv.status).toBe(200);
        expect(csv.text).toContain('Bewerberin');
        expect(csv.text).not.toMatch(/Preisfrager|Nachrichter/);
        for (const [subject, created] of Object.entries(sent)) {
          const id = created.body.id as number;
          const detail = await api(url, 'GET', `/api/v1/Inquiry/${id}`, { token: admin });
          const attachment = `/api/v1/Inquiry/${id}/Attachment/${detail.body.attachments[0].id}`;
          const expected = subject === 'application' ? 200 : 404;
          expect((await api(url, 'GET', `/api/v1/Inquiry/${id}`, { token: hr })).status, subject).toBe(expected);
          expect((await fetch(url + attachment, { headers: { authorization: `Bearer ${hr}` } })).status, subject).toBe(expected);
          expect((await api(url, 'POST', `/api/v1/Inquiry/${id}/Handled`, { token: hr, body: {} })).status, subject).toBe(
            expected,
          );
          expect((await api(url, 'POST', `/api/v1/Inquiry/${id}/Resend`, { token: hr, body: {} })).status, subject).toBe(
            expected,
          );
          if (subject !== 'application')
            expect((await api(url, 'DELETE', `/api/v1/Inquiry/${id}`, { token: hr })).status).toBe(404);
          // The admin still sees it: nothing was deleted.
          expect((await api(url, 'GET', `/api/v1/Inquiry/${id}`, { token: admin })).status, subject).toBe(200);
        }
        // Staff reads of content are a visitor's for an inbox account: no drafts. An editorInbox
        // account reads them as an editor does.
        const editor = (await signedInAs(url, admin, 'ed', 'editor')).token;
        expect((await api(url, 'GET', '/api/v1/Job', { token: editor })).headers.get('cache-control')).toBe('no-store');
        const jobs = (await api(url, 'GET', '/api/v1/Job', { token: hr })).headers.get('cache-control');
        if (role === 'inbox') expect(jobs).not.toBe('no-store');
        else expect(jobs).toBe('no-store');
      } finally {
        await close();
      }
    },
  );

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
