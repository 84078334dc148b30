import { describe, expect, it } from 'vitest';
import { auditListSchema, defaultCompanyDetails, problemSchema } from '@blitz/contract';
import { api, databaseKinds, getOnce, signIn, startTestApp, testAdmin } from '../../test/helper';
import { dataUrl, testPhoto } from '../../test/pictures';
import { jobBody } from '../jobs/jobs.test-kit';
import { generalMessage, pdfFile, postContact } from '../contact/contact.test-kit';
import { disableUser, enableUser } from '../auth/auth.service';
import { recordChange } from './audit.recorder';
import { deleteOldAuditEntries } from './audit.service';
import { inTransaction } from '../../db/transaction';

const projectBody = async (overrides: Record<string, unknown> = {}) => ({
  title: [
    { content: 'Umspannwerk Nord', language: 2 },
    { content: 'Substation north', language: 1 },
  ],
  location: 'Hanau',
  workDuration: '3 Monate',
  client: 'Stadtwerke',
  categoryID: '0',
  picture: dataUrl(await testPhoto(64, 48), 'image/png'),
  ...overrides,
});

type Entry = {
  action: string;
  item: { kind: string; id: string | null; title: string };
  summary: string;
  user: { name: string };
};

async function trail(url: string, token: string, query = ''): Promise<{ data: Entry[]; count: number }> {
  const res = await api(url, 'GET', `/api/v1/Audit${query}`, { token });
  expect(res.status).toBe(200);
  return auditListSchema.parse(res.body);
}

describe.each(databaseKinds)('audit trail on %s', (kind) => {
  it('records each change to projects, categories and jobs with who, what and before → after', async () => {
    const { url } = await startTestApp(kind, { SEED_SAMPLE: 'false' });
    const token = await signIn(url);

    const category = await api(url, 'POST', '/api/v1/Category', {
      token,
      body: { name: 'Industrie', translation: [{ content: 'Industry', language: 1 }] },
    });
    expect(category.status).toBe(201);
    const renamed = await api(url, 'PUT', '/api/v1/Category', { token, body: { ...category.body, name: 'Industriebau' } });
    expect(renamed.status).toBe(200);

    const project = await api(url, 'POST', '/api/v1/Project', { token, body: await projectBody() });
    expect(project.status).toBe(201);
    const changed = await api(url, 'PUT', `/api/v1/Project/${project.body.id}`, {
      token,
      body: await projectBody({ location: 'Bonn', picture: undefined }),
    });
    expect(changed.status).toBe(200);
    expect((await api(url, 'DELETE', `/api/v1/Project/${project.body.id}`, { token })).status).toBe(204);

    const job = await api(url, 'POST', '/api/v1/Job', { token, body: jobBody() });
    expect(job.status).toBe(201);
    expect(
      (await api(url, 'PUT', '/api/v1/Job', { token, body: { ...jobBody({ location: 'Fulda' }), id: job.body.id } })).status,
    ).toBe(200);
    expect((await api(url, 'DELETE', `/api/v1/Category/${category.body.id}`, { token })).status).toBe(204);

    const { data, count } = await trail(url, token);
    expect(count).toBe(8);
    // Newest first.
    expect(data.map((e) => `${e.action} ${e.item.kind}`)).toEqual([
      'delete category',
      'update job',
      'create job',
      'delete project',
      'update project',
      'create project',
      'update category',
      'create category',
    ]);
    expect(data.every((e) => e.user.name === testAdmin.username)).toBe(true);
    const projectUpdate = data.find((e) => e.action === 'update' && e.item.kind === 'project')!;
    expect(projectUpdate.item).toEqual({ kind: 'project', id: String(project.body.id), title: 'Umspannwerk Nord' });
    expect(projectUpdate.summary).toBe('location (de): "Hanau" → "Bonn"; location (en): "Hanau" → "Bonn"');
    expect(data.find((e) => e.action === 'update' && e.item.kind === 'category')!.summary).toBe(
      'name: "Industrie" → "Industriebau"',
    );
    expect(data.find((e) => e.action === 'update' && e.item.kind === 'job')!.summary).toBe('location: "Hanau" → "Fulda"');
    expect(data.find((e) => e.action === 'create' && e.item.kind === 'category')!.summary).toBe(
      'name: "" → "Industrie"; translation (en): "" → "Industry"',
    );
  });

  it('records a project’s draft, publishing, unpublishing and discarded changes, and the trash’s restores and emptying', async () => {
    const { url } = await startTestApp(kind, { SEED_SAMPLE: 'false' });
    const token = await signIn(url);
    const category = await api(url, 'POST', '/api/v1/Category', { token, body: { name: 'Kirchen', translation: [] } });
    const project = await api(url, 'POST', '/api/v1/Project', {
      token,
      body: await projectBody({ published: false, categoryID: String(category.body.id) }),
    });
    expect(project.status).toBe(201);
    const id = project.body.id;
    expect((await api(url, 'POST', `/api/v1/Project/${id}/Publish`, { token })).status).toBe(200);
    const draft = await api(url, 'PUT', `/api/v1/Project/${id}`, {
      token,
      body: await projectBody({ location: 'Bonn', picture: undefined, published: false, categoryID: String(category.body.id) }),
    });
    expect(draft.status).toBe(200);
    expect((await api(url, 'DELETE', `/api/v1/Project/${id}/Draft`, { token })).status).toBe(200);
    expect((await api(url, 'POST', `/api/v1/Project/${id}/Unpublish`, { token })).status).toBe(200);
    expect((await api(url, 'DELETE', `/api/v1/Category/${category.body.id}`, { token })).status).toBe(204);
    expect((await api(url, 'DELETE', `/api/v1/Project/${id}`, { token })).status).toBe(204);
    const restored = await api(url, 'POST', '/api/v1/Trash/Restore', { token, body: { kind: 'project', id } });
    expect(restored.status).toBe(200);
    expect((await api(url, 'DELETE', `/api/v1/Project/${id}`, { token })).status).toBe(204);
    expect((await api(url, 'DELETE', '/api/v1/Trash', { token })).body).toEqual({ removed: 1 });

    const { data } = await trail(url, token);
    expect(data.map((e) => `${e.action} ${e.item.kind}`)).toEqual([
      'emptyTrash trash',
      'delete project',
      'restore category',
      'restore project',
      'delete project',
      'delete category',
      'unpublish project',
      'discardDraft project',
      'saveDraft project',
      'publish project',
      'create project',
      'create category',
    ]);
    expect(data.find((e) => e.action === 'saveDraft')!.summary).toBe(
      'location (de): "Hanau" → "Bonn"; location (en): "Hanau" → "Bonn"',
    );
    expect(data.find((e) => e.action === 'restore' && e.item.kind === 'project')!.item.title).toBe('Umspannwerk Nord');
    expect(data.find((e) => e.action === 'restore' && e.item.kind === 'category')!.item.title).toBe('Kirchen');
    expect(data[0]!.summary).toContain('1 removed for good');
  });

  it('records what admins do with accounts: invite, role change, disable, reset with its reason, delete; and the invitee', async () => {
    const { url } = await startTestApp(kind, { SEED_SAMPLE: 'false' });
    const token = await signIn(url);
    const invited = await api(url, 'POST', '/api/v1/User', { token, body: { username: 'erika', role: 'editor' } });
    expect(invited.status, invited.text).toBe(201);
    const id = invited.body.id;
    const link = new URL(invited.body.invitation.url);
    const tokenOfLink = new URLSearchParams(link.hash.slice(1)).get('invitation')!;
    const accepted = await api(url, 'POST', '/api/v1/login/Invitation', {
      body: { token: tokenOfLink, password: 'Erdungsmessung-im-Umspannwerk-7' },
    });
    expect(accepted.status, accepted.text).toBe(200);
    expect(
      (await api(url, 'PUT', '/api/v1/User', { token, body: { id, role: 'inbox', inquiryTypes: ['application'] } })).status,
    ).toBe(200);
    expect((await api(url, 'PUT', '/api/v1/User', { token, body: { id, disabled: true } })).status).toBe(200);
    expect((await api(url, 'POST', `/api/v1/User/${id}/Reset`, { token, body: { reason: 'Telefon verloren' } })).status).toBe(
      200,
    );
    expect((await api(url, 'DELETE', `/api/v1/User/${id}`, { token })).status).toBe(204);

    const { data } = await trail(url, token, '?Item=user');
    expect(data.map((e) => `${e.action} ${e.item.title} by ${e.user.name}`)).toEqual([
      `delete erika by ${testAdmin.username}`,
      `accountReset erika by ${testAdmin.username}`,
      `disable erika by ${testAdmin.username}`,
      `roleChange erika by ${testAdmin.username}`,
      'invitationAccepted erika by erika',
      `invite erika by ${testAdmin.username}`,
    ]);
    expect(data.find((e) => e.action === 'roleChange')!.summary).toBe(
      'role: "editor" → "inbox"; inquiryTypes: "" → "application"',
    );
    expect(data.find((e) => e.action === 'accountReset')!.summary).toContain('reason: Telefon verloren');
    // Never a password or a link's token.
    expect(JSON.stringify(data)).not.toContain('Erdungsmessung');
    expect(JSON.stringify(data)).not.toContain(tokenOfLink);
  });

  it('records the company details, the mail settings and page texts (drafts and publishing)', async () => {
    const { url } = await startTestApp(kind, { SEED_SAMPLE: 'false' });
    const token = await signIn(url);
    const saved = await api(url, 'PUT', '/api/v1/Settings', {
      token,
      body: { ...defaultCompanyDetails, phone: '+49 6181 999999', openingHours: [{ content: 'Mo–Fr 8–17', language: 2 }] },
    });
    expect(saved.status).toBe(200);
    const mail = await api(url, 'GET', '/api/v1/Settings/Mail', { token });
    expect(
      (await api(url, 'PUT', '/api/v1/Settings/Mail', { token, body: { ...mail.body, sender: 'web@example.de' } })).status,
    ).toBe(200);
    const texts = await api(url, 'GET', '/api/v1/Text', { token });
    const text = texts.body.data[0];
    expect(
      (
        await api(url, 'PUT', '/api/v1/Text', {
          token,
          body: { namespace: text.namespace, key: text.key, language: 'de', content: 'Neu' },
        })
      ).status,
    ).toBe(200);
    expect((await api(url, 'POST', '/api/v1/Text/Publish', { token })).status).toBe(200);

    const { data } = await trail(url, token);
    expect(data.map((e) => `${e.action} ${e.item.kind}`)).toEqual([
      'publish siteText',
      'saveDraft siteText',
      'update mailSettings',
      'update companyDetails',
    ]);
    const company = data[3]!;
    expect(company.summary).toContain(`phone: "${defaultCompanyDetails.phone}" → "+49 6181 999999"`);
    expect(company.summary).toContain('openingHours (en): ');
    expect(company.summary).toContain('openingHours (de): ');
    expect(data[2]!.summary).toContain('→ "web@example.de"');
    expect(data[1]!.item.id).toBe(`${text.namespace}:${text.key}:de`);
    expect(data[1]!.summary).toContain('text (de): ');
    expect(data[0]!.summary).toContain(`${text.namespace}:${text.key} (de): `);
  });

  it('records what staff do with an inquiry by its reference only, and sign-in events without secrets', async () => {
    const { app, url } = await startTestApp(kind, { SEED_SAMPLE: 'false', CONTACT_MIN_FILL_SECONDS: '0' });
    const token = await signIn(url);
    const sent = await postContact(url, generalMessage, [pdfFile('Lebenslauf Erika Musterfrau.pdf')]);
    expect(sent.status).toBe(201);
    const id = sent.body.id;
    const opened = await api(url, 'GET', `/api/v1/Inquiry/${id}`, { token });
    expect(opened.status).toBe(200);
    // Opened again at once (the dialog reloads it): recorded once.
    expect((await api(url, 'GET', `/api/v1/Inquiry/${id}`, { token })).status).toBe(200);
    // Its attachment looked at (downloaded, or previewed from the same address): recorded by its number, not its name.
    const attachment = opened.body.attachments[0];
    expect(
      (await getOnce(`${url}/api/v1/Inquiry/${id}/Attachment/${attachment.id}`, { authorization: `Bearer ${token}` })).status,
    ).toBe(200);
    expect((await api(url, 'POST', `/api/v1/Inquiry/${id}/Handled`, { token, body: { handled: true } })).status).toBe(200);
    expect((await api(url, 'POST', `/api/v1/Inquiry/${id}/Resend`, { token })).status).toBe(200);
    const csv = await getOnce(`${url}/api/v1/Inquiry/Export?Search=${encodeURIComponent(generalMessage.lastName)}`, {
      authorization: `Bearer ${token}`,
    });
    expect(csv.status).toBe(200);
    expect((await api(url, 'DELETE', `/api/v1/Inquiry/${id}`, { token })).status).toBe(204);

    const newPassword = 'Kupferband-Fangstange-Erder-97';
    const changed = await api(url, 'POST', '/api/v1/login/Password', {
      token,
      body: { currentPassword: testAdmin.password, newPassword },
    });
    expect(changed.status).toBe(200);
    await app.db.insertInto('users').values({ username: 'erika', password_hash: 'x', created_at: '', updated_at: '' }).execute();
    expect(await disableUser(app.db, 'erika')).toBe('disabled');
    expect(await enableUser(app.db, 'erika')).toBe('enabled');

    const { data } = await trail(url, changed.body.jwtToken);
    expect(data.map((e) => `${e.action} ${e.item.kind} ${e.user.name}`)).toEqual([
      'enable user command line',
      'disable user command line',
      `passwordChange user ${testAdmin.username}`,
      `delete inquiry ${testAdmin.username}`,
      `export inquiry ${testAdmin.username}`,
      `resend inquiry ${testAdmin.username}`,
      `handled inquiry ${testAdmin.username}`,
      `download inquiry ${testAdmin.username}`,
      `open inquiry ${testAdmin.username}`,
    ]);
    expect(data.find((e) => e.action === 'download')!.summary).toContain(`attachment ${attachment.id}`);
    const reference = sent.body.reference as string;
    expect(data.filter((e) => e.item.kind === 'inquiry' && e.item.id !== null).every((e) => e.item.title === reference)).toBe(
      true,
    );
    const text = JSON.stringify(data);
    for (const secret of [
      generalMessage.lastName,
      generalMessage.email,
      generalMessage.message,
      'Lebenslauf',
      newPassword,
      testAdmin.password,
    ])
      expect(text).not.toContain(secret);
    expect(data.find((e) => e.action === 'export')!.summary).toContain('Search=(text)');
  });

  it('rolls an entry back with its change, and a change back with a failed entry', async () => {
    const { app, url } = await startTestApp(kind, { SEED_SAMPLE: 'false' });
    const token = await signIn(url);
    await inTransaction(app.db, async (trx) => {
      await recordChange(trx, { action: 'update', kind: 'project', id: 1, title: 'x' });
      throw new Error('the change failed');
    }).catch(() => {});
    expect((await trail(url, token)).count).toBe(0);

    // An entry that cannot be written (here: a title the database refuses) takes its change with it.
    const project = await api(url, 'POST', '/api/v1/Project', { token, body: await projectBody() });
    expect(project.status).toBe(201);
    await expect(
      inTransaction(app.db, async (trx) => {
        await trx.deleteFrom('project_texts').where('project_id', '=', project.body.id).execute();
        await trx.deleteFrom('projects').where('id', '=', project.body.id).execute();
        await recordChange(trx, { action: 'delete', kind: 'project', id: project.body.id, title: null as unknown as string });
      }),
    ).rejects.toThrow();
    expect((await api(url, 'GET', `/api/v1/Project/${project.body.id}`)).status).toBe(200);
  });

  it('filters by person, item, action and day; pages; exports CSV; admin only', async () => {
    const { app, url } = await startTestApp(kind, { SEED_SAMPLE: 'false' });
    const token = await signIn(url);
    const at = (day: string) => `${day}T10:00:00.000Z`;
    const rows = [
      {
        at: at('2026-11-02'),
        user_id: 7,
        user_name: 'erika',
        action: 'update',
        item_kind: 'project',
        item_id: '3',
        item_title: 'A',
      },
      {
        at: at('2026-11-03'),
        user_id: 8,
        user_name: 'max',
        action: 'delete',
        item_kind: 'project',
        item_id: '4',
        item_title: 'B',
      },
      {
        at: at('2026-11-04'),
        user_id: 7,
        user_name: 'erika',
        action: 'update',
        item_kind: 'companyDetails',
        item_id: null,
        item_title: '=Firma',
      },
    ];
    await app.db
      .insertInto('audit_log')
      .values(rows.map((r) => ({ ...r, summary: 'phone: "1" → "2"', changes: '[]' })))
      .execute();
    expect((await trail(url, token, '?User=erika')).count).toBe(2);
    expect((await trail(url, token, '?user=8')).data.map((e) => e.item.title)).toEqual(['B']);
    expect((await trail(url, token, '?Item=project')).count).toBe(2);
    expect((await trail(url, token, '?Item=project:3')).data.map((e) => e.item.title)).toEqual(['A']);
    expect((await trail(url, token, '?Action=delete')).count).toBe(1);
    expect((await trail(url, token, '?From=2026-11-03&To=2026-11-03')).data.map((e) => e.item.title)).toEqual(['B']);
    const page = await trail(url, token, '?PageLength=2&PageNumber=2');
    expect([page.count, page.data.map((e) => e.item.title)]).toEqual([3, ['A']]);

    for (const bad of ['?From=2026-13-01', '?From=2026-11-05&To=2026-11-01', '?Item=1;drop', '?PageLength=0', '?Action=a b']) {
      const res = await api(url, 'GET', `/api/v1/Audit${bad}`, { token });
      expect([bad, res.status]).toEqual([bad, 400]);
    }
    expect((await api(url, 'GET', '/api/v1/Audit')).status).toBe(401);
    expect((await api(url, 'GET', '/api/v1/Audit/Export')).status).toBe(401);

    const csv = await getOnce(`${url}/api/v1/Audit/Export?User=erika`, { authorization: `Bearer ${token}` });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    // A title that starts like a formula is not one in a spreadsheet.
    expect(lines[1]).toContain('"\'=Firma"');
  });

  it('removes entries past the retention (the housekeeping task)', async () => {
    const { app } = await startTestApp(kind, { SEED_SAMPLE: 'false' });
    const now = new Date('2026-11-20T12:00:00Z');
    const entry = (at: string) => ({
      at,
      user_id: null,
      user_name: 'system',
      action: 'update',
      item_kind: 'project',
      item_id: '1',
      item_title: 'x',
      summary: '',
      changes: '[]',
    });
    await app.db
      .insertInto('audit_log')
      .values([entry('2025-11-19T12:00:00.000Z'), entry('2025-11-21T12:00:00.000Z')])
      .execute();
    expect(await deleteOldAuditEntries(app.db, 365, now)).toBe(1);
    expect(await deleteOldAuditEntries(app.db, 365, now)).toBe(0);
    expect(await app.db.selectFrom('audit_log').select('at').execute()).toEqual([{ at: '2025-11-21T12:00:00.000Z' }]);
  });
});

describe.each(databaseKinds)('no lost edits on %s', (kind) => {
  it('refuses a stale save of a project, category, job, page text and the company details with 409 naming who changed it', async () => {
    const { url } = await startTestApp(kind, { SEED_SAMPLE: 'false' });
    const token = await signIn(url);
    const conflict = (res: { status: number; body: unknown }) => {
      expect(res.status).toBe(409);
      const body = problemSchema.parse(res.body);
      expect(body.code).toBe('edit_conflict');
      expect(body.changedBy?.name).toBe(testAdmin.username);
      return body;
    };

    const project = (await api(url, 'POST', '/api/v1/Project', { token, body: await projectBody() })).body;
    const { picture: _p, ...projectFields } = await projectBody();
    const first = await api(url, 'PUT', `/api/v1/Project/${project.id}`, {
      token,
      body: { ...projectFields, location: 'Bonn', updatedAt: project.updatedAt },
    });
    expect(first.status).toBe(200);
    const stale = conflict(
      await api(url, 'PUT', `/api/v1/Project/${project.id}`, { token, body: { ...projectFields, updatedAt: project.updatedAt } }),
    );
    expect(stale.currentVersion).toBe(first.body.updatedAt);
    expect((await api(url, 'GET', `/api/v1/Project/${project.id}`)).body.location).toBe('Bonn');
    // No version sent: no check (SPEC.md §7 clients).
    expect((await api(url, 'PUT', `/api/v1/Project/${project.id}`, { token, body: projectFields })).status).toBe(200);
    // Two people saving drafts of changes of one published project: the second is told too.
    const current = (await api(url, 'GET', `/api/v1/Project/${project.id}`, { token })).body;
    const drafted = await api(url, 'PUT', `/api/v1/Project/${project.id}`, {
      token,
      body: { ...projectFields, location: 'Fulda', published: false, updatedAt: current.updatedAt },
    });
    expect(drafted.status, drafted.text).toBe(200);
    conflict(
      await api(url, 'PUT', `/api/v1/Project/${project.id}`, {
        token,
        body: { ...projectFields, location: 'Kassel', published: false, updatedAt: current.updatedAt },
      }),
    );
    expect((await api(url, 'GET', `/api/v1/Project/${project.id}`, { token })).body.draft.location).toBe('Fulda');

    const category = (await api(url, 'POST', '/api/v1/Category', { token, body: { name: 'Industrie' } })).body;
    expect(category.updatedAt).toEqual(expect.any(String));
    expect((await api(url, 'PUT', '/api/v1/Category', { token, body: { ...category, name: 'Gewerbe' } })).status).toBe(200);
    conflict(await api(url, 'PUT', '/api/v1/Category', { token, body: { ...category, name: 'Wohnbau' } }));

    const job = (await api(url, 'POST', '/api/v1/Job', { token, body: jobBody() })).body;
    const jobSave = (location: string) =>
      api(url, 'PUT', '/api/v1/Job', { token, body: { ...jobBody({ location }), id: job.id, updatedAt: job.updatedAt } });
    expect((await jobSave('Fulda')).status).toBe(200);
    conflict(await jobSave('Gießen'));

    const texts = (await api(url, 'GET', '/api/v1/Text', { token })).body;
    const text = texts.data[0];
    const textSave = (content: string) =>
      api(url, 'PUT', '/api/v1/Text', {
        token,
        body: { namespace: text.namespace, key: text.key, language: 'de', content, updatedAt: text.de.updatedAt },
      });
    expect(text.de.updatedAt).toBeNull();
    expect((await textSave('Erste')).status).toBe(200);
    conflict(await textSave('Zweite'));

    const company = (await api(url, 'GET', '/api/v1/Settings', { token })).body;
    // What the GET answers goes back as it is (isSample and updatedAt included).
    const saved = await api(url, 'PUT', '/api/v1/Settings', { token, body: { ...company, phone: '+49 6181 111111' } });
    expect(saved.status).toBe(200);
    const again = conflict(await api(url, 'PUT', '/api/v1/Settings', { token, body: { ...company, phone: '+49 6181 222222' } }));
    expect(again.currentVersion).toBe(saved.body.updatedAt);
    expect((await api(url, 'PUT', '/api/v1/Settings', { token, body: { ...saved.body, phone: '+49 6181 333333' } })).status).toBe(
      200,
    );
  });

  it('lets exactly one of two saves of the same version at the same moment through', async () => {
    const { url } = await startTestApp(kind, { SEED_SAMPLE: 'false' });
    const token = await signIn(url);
    const job = (await api(url, 'POST', '/api/v1/Job', { token, body: jobBody() })).body;
    const save = (location: string) =>
      api(url, 'PUT', '/api/v1/Job', { token, body: { ...jobBody({ location }), id: job.id, updatedAt: job.updatedAt } });
    const answers = await Promise.all(['Fulda', 'Gießen', 'Kassel', 'Marburg'].map(save));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    const winner = answers.find((a) => a.status === 200)!.body.location;
    expect((await api(url, 'GET', `/api/v1/Job/${job.id}`)).body.location).toBe(winner);
    const { data } = await trail(url, token, '?Action=update');
    expect(data).toHaveLength(1);
  });
});
