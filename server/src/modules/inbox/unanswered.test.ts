import { describe, expect, it } from 'vitest';
import { type InquiryList, apiRoutes, apiUrl } from '@blitz/contract';
import { api, databaseKinds, signIn, startTestApp } from '../../test/helper';
import { generalMessage, postContact, priceInquiry } from '../contact/contact.test-kit';

// Issue 42's unanswered flag (decision 048): not spam, still new, two working days (Monday to
// Friday without the holidays of the company's federal state) after it arrived. The app's clock is
// fixed by the test; the arrivals are set in the database.

const one = (id: number) => apiUrl(apiRoutes.inbox.onePath(id));
const settingsUrl = apiUrl(apiRoutes.companyDetails);

async function unansweredSite(kind: (typeof databaseKinds)[number], start: string) {
  let now = new Date(start);
  const site = await startTestApp(kind, { CONTACT_MIN_FILL_SECONDS: '0' }, { clock: () => now });
  const admin = await signIn(site.url);
  return {
    ...site,
    admin,
    setNow: (at: string) => {
      now = new Date(at);
    },
    /** An inquiry that arrived at `at` (an ISO time with its Berlin offset). */
    arrived: async (at: string, spam = false) => {
      const { body } = await postContact(site.url, spam ? generalMessage : priceInquiry);
      await site.app.db
        .updateTable('inquiries')
        .set({ created_at: new Date(at).toISOString(), spam: spam ? 1 : 0 })
        .where('id', '=', body.id)
        .execute();
      return body.id as number;
    },
    /** The list's ids with their flags, newest first. */
    list: async (query = '') => {
      const res = await api(site.url, 'GET', `${apiUrl(apiRoutes.inbox.list)}?${query}`, { token: admin });
      expect(res.status, res.text).toBe(200);
      return Object.fromEntries((res.body as InquiryList).data.map((i) => [i.id, i.unanswered]));
    },
    unansweredIds: async () => {
      const res = await api(site.url, 'GET', `${apiUrl(apiRoutes.inbox.list)}?Unanswered=true`, { token: admin });
      expect(res.status, res.text).toBe(200);
      return (res.body as InquiryList).data.map((i) => i.id).sort((a, b) => a - b);
    },
    setState: async (federalState: string | null) => {
      const read = (await api(site.url, 'GET', settingsUrl, { token: admin })).body;
      const saved = await api(site.url, 'PUT', settingsUrl, { token: admin, body: { ...read, federalState } });
      expect(saved.status, saved.text).toBe(200);
      expect(saved.body.federalState).toBe(federalState);
    },
  };
}

describe.each(databaseKinds)('unanswered inquiries on %s (issue 42)', (kind) => {
  it('are flagged and filtered two working days after arrival, across a weekend, until their status changes', async () => {
    // Monday 14 September 2026, 10:00 in Berlin.
    const site = await unansweredSite(kind, '2026-09-14T10:00:00+02:00');
    const thursday = await site.arrived('2026-09-10T09:00:00+02:00');
    const friday = await site.arrived('2026-09-11T09:00:00+02:00');
    const saturday = await site.arrived('2026-09-12T11:00:00+02:00');
    const spam = await site.arrived('2026-09-01T09:00:00+02:00', true);

    // Thursday's is due Monday 09:00; Friday's Tuesday 09:00; Saturday's Wednesday 00:00.
    expect(await site.list()).toEqual({ [thursday]: true, [friday]: false, [saturday]: false });
    expect(await site.unansweredIds()).toEqual([thursday]);
    site.setNow('2026-09-15T09:00:00+02:00');
    expect(await site.unansweredIds()).toEqual([thursday, friday]);
    site.setNow('2026-09-15T23:59:59.999+02:00');
    expect(await site.unansweredIds()).toEqual([thursday, friday]);
    site.setNow('2026-09-16T00:00:00+02:00');
    expect(await site.unansweredIds()).toEqual([thursday, friday, saturday]);
    // What the spam checks caught is never unanswered, not even among the spam.
    expect(await site.list('Spam=true')).toEqual({ [spam]: false });
    expect(
      (await api(site.url, 'GET', `${apiUrl(apiRoutes.inbox.list)}?Spam=true&Unanswered=true`, { token: site.admin })).body.count,
    ).toBe(0);

    // Taken on, it is no longer unanswered; the detail says so too.
    const taken = await api(site.url, 'PUT', one(friday), { token: site.admin, body: { status: 'inProgress' } });
    expect(taken.body.unanswered).toBe(false);
    expect((await api(site.url, 'GET', one(thursday), { token: site.admin })).body.unanswered).toBe(true);
    expect(await site.unansweredIds()).toEqual([thursday, saturday]);
    // `false` (or nothing) limits nothing, as FollowUpDue; the other filters combine.
    expect(Object.keys(await site.list('Unanswered=false'))).toHaveLength(3);
    expect(
      (await api(site.url, 'GET', `${apiUrl(apiRoutes.inbox.list)}?unanswered=true&Status=inProgress`, { token: site.admin }))
        .body.count,
    ).toBe(0);
    // The CSV export takes the filter too.
    const csv = await api(site.url, 'GET', `${apiUrl(apiRoutes.inbox.export)}?Unanswered=true&lang=en`, { token: site.admin });
    expect(csv.status).toBe(200);
    const reference = async (id: number) => (await api(site.url, 'GET', one(id), { token: site.admin })).body.reference as string;
    for (const id of [thursday, saturday]) expect(csv.text).toContain(await reference(id));
    expect(csv.text).not.toContain(await reference(friday));
  });

  it('skip the nationwide holidays and, once staff choose a federal state, its own', async () => {
    // Tuesday 7 April 2026, 11:00: Thursday's inquiry waited through Good Friday and Easter Monday.
    const site = await unansweredSite(kind, '2026-04-07T11:00:00+02:00');
    const beforeEaster = await site.arrived('2026-04-02T10:00:00+02:00');
    expect(await site.list()).toEqual({ [beforeEaster]: false });
    site.setNow('2026-04-08T10:00:00+02:00');
    expect(await site.list()).toEqual({ [beforeEaster]: true });

    // Friday 27 October 2028, 09:00; Tuesday 31 October, 09:30: Reformation Day in Brandenburg, not in Bavaria.
    const friday = await site.arrived('2028-10-27T09:00:00+02:00');
    site.setNow('2028-10-31T09:30:00+01:00');
    expect((await site.list())[friday]).toBe(true);
    await site.setState('BB');
    expect((await site.list())[friday]).toBe(false);
    expect(await site.unansweredIds()).toEqual([beforeEaster]);
    await site.setState('BY');
    expect(await site.unansweredIds()).toEqual([beforeEaster, friday].sort((a, b) => a - b));
  });

  it('keeps the federal state a client leaves out, refuses an unknown one, and refuses a bad filter with 400', async () => {
    const site = await unansweredSite(kind, '2026-09-14T10:00:00+02:00');
    const fresh = (await api(site.url, 'GET', settingsUrl, { token: site.admin })).body;
    expect(fresh.federalState).toBeNull();
    // Visitors read it too (the address is public anyway).
    expect((await api(site.url, 'GET', settingsUrl)).body.federalState).toBeNull();
    await site.setState('HE');
    const read = (await api(site.url, 'GET', settingsUrl, { token: site.admin })).body;
    const { federalState: _left, ...older } = read;
    const kept = await api(site.url, 'PUT', settingsUrl, { token: site.admin, body: older });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.federalState).toBe('HE');
    for (const bad of ['XX', 'he', '', 7]) {
      const res = await api(site.url, 'PUT', settingsUrl, { token: site.admin, body: { ...read, federalState: bad } });
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.errors[0].field).toBe('federalState');
    }
    // The audit trail names the change.
    const audit = await api(site.url, 'GET', `${apiUrl(apiRoutes.audit.list)}?Item=companyDetails`, { token: site.admin });
    expect(JSON.stringify(audit.body)).toContain('federalState');

    for (const bad of ['maybe', 'TRUE', '1', '']) {
      const res = await api(site.url, 'GET', `${apiUrl(apiRoutes.inbox.list)}?Unanswered=${bad}`, { token: site.admin });
      expect(res.status, bad).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(res.body.errors[0].field).toBe('Unanswered');
    }
  });
});
