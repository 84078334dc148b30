import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { api, backends, signIn, startTestApp } from '../../test/helper';
import { SmtpSink } from '../../test/smtp-sink';
import { generalMessage, pdfFile, pngFile, postContact, priceInquiry, storedObjects, until } from '../contact/contact.test-kit';
import { sweepAttachments } from '../contact/attachment-store';
import { applyRetention, orphanAgeMs } from './inquiry-housekeeping';
import { referencedKeys } from '../contact/inquiries.repository';

const fastMail = { MAIL_POLL_MS: '50', MAIL_RETRY_BASE_MS: '100', CONTACT_MIN_FILL_SECONDS: '0' };

describe.each(backends)('the inquiry inbox API on $name', (kind) => {
  it('lets nobody in without a valid token', async () => {
    const { url } = await startTestApp(kind);
    const created = await postContact(url, generalMessage, [await pngFile()]);
    const id = created.body.id;
    const routes: [string, string][] = [
      ['GET', '/api/v1/Inquiry'],
      ['GET', `/api/v1/Inquiry/${id}`],
      ['GET', `/api/v1/Inquiry/${id}/Attachment/1`],
      ['GET', '/api/v1/Inquiry/Export'],
      ['GET', '/api/v1/Inquiry/Retention'],
      ['PUT', '/api/v1/Inquiry/Retention'],
      ['POST', `/api/v1/Inquiry/${id}/Resend`],
      ['POST', `/api/v1/Inquiry/${id}/Handled`],
      ['DELETE', `/api/v1/Inquiry/${id}`],
      ['GET', '/api/v1/Inquiry/not-a-number'],
    ];
    for (const [method, route] of routes) {
      const res = await api(url, method, route, { token: 'forged.token.value' });
      expect(res.status, `${method} ${route}`).toBe(401);
      expect(res.body.code).toBe('unauthorized');
    }
  });

  it('lists inquiries newest first with date, type, name, company, e-mail and delivery status', async () => {
    const { url } = await startTestApp(kind);
    const first = await postContact(url, generalMessage);
    const second = await postContact(url, { ...priceInquiry, firstName: 'Max' }, [await pngFile(), pdfFile()]);
    const token = await signIn(url);
    const list = await api(url, 'GET', '/api/v1/Inquiry', { token });
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('no-store');
    expect(list.body.count).toBe(2);
    expect(list.body.data.map((i: { id: number }) => i.id)).toEqual([second.body.id, first.body.id]);
    expect(list.body.data[0]).toMatchObject({
      subject: 'priceInquiry',
      firstName: 'Max',
      lastName: 'Musterfrau',
      companyName: 'Beispiel Logistik GmbH',
      email: 'erika@example.org',
      deliveryStatus: expect.stringMatching(/^(pending|logged)$/),
      status: 'new',
      attachmentCount: 2,
      createdAt: expect.any(String),
    });
    const page2 = await api(url, 'GET', '/api/v1/Inquiry?PageLength=1&PageNumber=2', { token });
    expect(page2.body.data.map((i: { id: number }) => i.id)).toEqual([first.body.id]);
    expect((await api(url, 'GET', '/api/v1/Inquiry?PageLength=1000', { token })).status).toBe(400);
  });

  it('shows one inquiry with every field; its files download to staff only, as attachments', async () => {
    const { url } = await startTestApp(kind);
    const plan = pdfFile('Plan "Halle 3".pdf', 2000);
    const created = await postContact(url, { ...priceInquiry, Regards: ['lps', 'maintenance'] }, [plan]);
    const token = await signIn(url);
    const detail = await api(url, 'GET', `/api/v1/Inquiry/${created.body.id}`, { token });
    expect(detail.body, JSON.stringify(detail.body)).toMatchObject({
      reference: created.body.reference,
      phone: '+49 6181 12345',
      message: 'Bitte rufen Sie mich an.\nVielen Dank!',
      companyAddress: 'Hafenstraße 5\n60311 Frankfurt',
      buildingSize: '2400 m²',
      regards: ['lps', 'maintenance'],
      language: 'de',
      handledAt: null,
    });
    const [attachment] = detail.body.attachments;
    expect(attachment).toMatchObject({ fileName: 'Plan Halle 3.pdf', contentType: 'application/pdf', size: plan.data.length });

    const anonymous = await fetch(url + attachment.url);
    expect(anonymous.status).toBe(401);
    const download = await fetch(url + attachment.url, { headers: { authorization: `Bearer ${token}` } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="Plan Halle 3.pdf"');
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('cache-control')).toBe('no-store');
    expect(Buffer.compare(Buffer.from(await download.arrayBuffer()), plan.data)).toBe(0);

    const other = await postContact(url, generalMessage);
    expect((await api(url, 'GET', `/api/v1/Inquiry/${other.body.id}/Attachment/${attachment.id}`, { token })).status).toBe(404);
    expect((await api(url, 'GET', '/api/v1/Inquiry/999999', { token })).status).toBe(404);
    expect((await api(url, 'GET', '/api/v1/Inquiry/abc', { token })).status).toBe(400);
  });

  it('marks an inquiry handled and back', async () => {
    const { url } = await startTestApp(kind);
    const created = await postContact(url, generalMessage);
    const token = await signIn(url);
    const handled = await api(url, 'POST', `/api/v1/Inquiry/${created.body.id}/Handled`, { token });
    expect(handled.status, handled.text).toBe(200);
    expect(handled.body).toMatchObject({ status: 'closed', handledAt: expect.any(String) });
    const reopened = await api(url, 'POST', `/api/v1/Inquiry/${created.body.id}/Handled`, { token, body: { handled: false } });
    expect(reopened.body).toMatchObject({ status: 'new', handledAt: null });
    expect((await api(url, 'POST', '/api/v1/Inquiry/424242/Handled', { token })).status).toBe(404);
  });

  it('sends an inquiry again on request', async () => {
    const smtp = await SmtpSink.start();
    const { url } = await startTestApp(kind, { ...fastMail, SMTP_URL: smtp.url, CONFIRMATION_MAIL: 'false' });
    const created = await postContact(url, generalMessage, [await pngFile()]);
    await smtp.waitFor(1);
    const token = await signIn(url);
    const resent = await api(url, 'POST', `/api/v1/Inquiry/${created.body.id}/Resend`, { token });
    expect(resent.status).toBe(200);
    const mails = await smtp.waitFor(2);
    expect(mails.map((m) => m.mail.subject)).toEqual([mails[0]!.mail.subject, mails[0]!.mail.subject]);
    expect(mails[1]!.mail.attachments).toHaveLength(1);
    const detail = await until(async () => {
      const d = await api(url, 'GET', `/api/v1/Inquiry/${created.body.id}`, { token });
      // The inquiry's status and its mails' are read apart: wait until both tell the delivery.
      const sent = d.body.mails.length === 2 && d.body.mails.every((m: { status: string }) => m.status === 'sent');
      return sent && d.body.deliveryStatus === 'delivered' ? d.body : undefined;
    });
    expect(detail.deliveryStatus).toBe('delivered');
  });

  it('delivers an inquiry staff declare not spam as if it had just arrived: to the company, and the confirmation to the sender', async () => {
    const smtp = await SmtpSink.start();
    const { url } = await startTestApp(kind, { ...fastMail, SMTP_URL: smtp.url, CONTACT_TO: 'inbox@company.example' });
    const caught = await postContact(url, { ...generalMessage, website: 'http://filled.by.autofill' }, [await pngFile()]);
    expect(caught.status).toBe(201);
    const token = await signIn(url);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received).toHaveLength(0);
    const spam = await api(url, 'GET', '/api/v1/Inquiry?Spam=true', { token });
    expect(spam.body.data.map((i: { id: number }) => i.id)).toEqual([caught.body.id]);

    const declared = await api(url, 'POST', `/api/v1/Inquiry/${caught.body.id}/Resend`, { token });
    expect(declared.status).toBe(200);
    expect(declared.body.spam).toBe(false);
    const mails = await smtp.waitFor(2);
    expect(mails.map((m) => m.to[0]).sort()).toEqual(['erika@example.org', 'inbox@company.example'].sort());
    expect(mails.find((m) => m.to[0] === 'inbox@company.example')!.mail.attachments).toHaveLength(1);
    expect((await api(url, 'GET', '/api/v1/Inquiry?Spam=true', { token })).body.count).toBe(0);
    expect((await api(url, 'GET', '/api/v1/Inquiry', { token })).body.data.map((i: { id: number }) => i.id)).toEqual([
      caught.body.id,
    ]);
  });

  it('deletes an inquiry with its files', async () => {
    const { url, app } = await startTestApp(kind);
    const created = await postContact(url, generalMessage, [await pngFile(), pdfFile()]);
    const kept = await postContact(url, generalMessage, [await pngFile()]);
    expect(await storedObjects(app)).toHaveLength(3);
    const token = await signIn(url);
    const removed = await api(url, 'DELETE', `/api/v1/Inquiry/${created.body.id}`, { token });
    expect(removed.status).toBe(204);
    expect(await storedObjects(app)).toHaveLength(1);
    expect((await api(url, 'GET', `/api/v1/Inquiry/${created.body.id}`, { token })).status).toBe(404);
    expect((await api(url, 'DELETE', `/api/v1/Inquiry/${created.body.id}`, { token })).status).toBe(404);
    expect((await api(url, 'GET', `/api/v1/Inquiry/${kept.body.id}`, { token })).body.attachments).toHaveLength(1);
  });

  it('exports the list as CSV, newest first, safe to open in a spreadsheet', async () => {
    const { url } = await startTestApp(kind);
    await postContact(url, generalMessage);
    await postContact(url, { ...generalMessage, firstName: '=HYPERLINK("http://evil.example")', message: 'Zeile 1\nZeile "2"' });
    const token = await signIn(url);
    const res = await fetch(`${url}/api/v1/Inquiry/Export?lang=en&separator=,`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=inquiries-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await res.text();
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toMatch(/^"No\.","Reference","Received","Type","Job","First name","Last name","Company","E-mail"/);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(lines[1]).toContain('"Zeile 1\nZeile ""2"""');
    expect(lines[2]).toContain('"Erika"');
  });

  it('keeps a retention setting and deletes inquiries (and files) past it, applications after 180 days by default', async () => {
    const { url, app } = await startTestApp(kind);
    const token = await signIn(url);
    const defaults = await api(url, 'GET', '/api/v1/Inquiry/Retention', { token });
    expect(defaults.body).toEqual({
      application: 180,
      priceInquiry: null,
      generalMessage: null,
      applicationAfterClosing: 183,
      applicationWithConsent: 730,
    });
    expect(
      (
        await api(url, 'PUT', '/api/v1/Inquiry/Retention', {
          token,
          body: { application: 0, priceInquiry: null, generalMessage: null },
        })
      ).status,
    ).toBe(400);
    expect((await api(url, 'PUT', '/api/v1/Inquiry/Retention', { token, body: { application: 30 } })).status).toBe(400);

    const application = await postContact(url, { ...generalMessage, subject: 'application' }, [pdfFile('cv.pdf')]);
    const price = await postContact(url, priceInquiry, [await pngFile()]);
    const general = await postContact(url, generalMessage);

    expect(await applyRetention(app.db, app.attachments, new Date(Date.now() + 179 * 86_400_000))).toBe(0);
    expect(await applyRetention(app.db, app.attachments, new Date(Date.now() + 181 * 86_400_000))).toBe(1);
    expect((await api(url, 'GET', `/api/v1/Inquiry/${application.body.id}`, { token })).status).toBe(404);
    expect(await storedObjects(app)).toHaveLength(1);

    const saved = await api(url, 'PUT', '/api/v1/Inquiry/Retention', {
      token,
      body: { application: 180, priceInquiry: 30, generalMessage: 365 },
    });
    expect(saved.status).toBe(200);
    expect((await api(url, 'GET', '/api/v1/Inquiry/Retention', { token })).body).toEqual({
      application: 180,
      priceInquiry: 30,
      generalMessage: 365,
      applicationAfterClosing: 183,
      applicationWithConsent: 730,
    });
    expect(await applyRetention(app.db, app.attachments, new Date(Date.now() + 31 * 86_400_000))).toBe(1);
    expect((await api(url, 'GET', `/api/v1/Inquiry/${price.body.id}`, { token })).status).toBe(404);
    expect((await api(url, 'GET', `/api/v1/Inquiry/${general.body.id}`, { token })).status).toBe(200);
    expect(await storedObjects(app)).toHaveLength(0);
  });

  it('sweeps files that no inquiry refers to (left by a crash before the row), but only old ones', async () => {
    const { url, app } = await startTestApp(kind);
    await postContact(url, generalMessage, [await pngFile()]);
    const [referenced] = await storedObjects(app);
    const orphan = 'f'.repeat(32);
    await app.attachments.put(orphan, Buffer.from('x'));
    // Not yet old: an upload whose inquiry may be being stored right now.
    expect(await sweepAttachments(app.attachments, (keys) => referencedKeys(app.db, keys), orphanAgeMs)).toBe(0);
    const later = new Date(Date.now() + 2 * orphanAgeMs);
    expect(await sweepAttachments(app.attachments, (keys) => referencedKeys(app.db, keys), orphanAgeMs, later)).toBe(1);
    expect(await storedObjects(app)).toEqual([referenced]);
  });

  it.runIf(kind.storage === 'disk')('sweeps temporary files a crash left on disk, but only old ones', async () => {
    const { app, config } = await startTestApp(kind);
    const incoming = path.join(config.dataDir, 'inquiries', '.incoming');
    const [stale, fresh] = ['d', 'e'].map((c) => path.join(incoming, `${c.repeat(24)}.part`));
    for (const file of [stale!, fresh!]) fs.writeFileSync(file, 'x');
    const old = new Date(Date.now() - 2 * orphanAgeMs);
    fs.utimesSync(stale!, old, old);
    expect(await sweepAttachments(app.attachments, (keys) => referencedKeys(app.db, keys), orphanAgeMs)).toBe(1);
    expect(fs.existsSync(fresh!)).toBe(true);
  });
});
