import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { testApp, type TestApp } from '../../../tests/helpers';
import { loadOutbox } from './outbox.contract';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
  // The tests count what they send: the demo's own rows (the local CMS's demo page) go first.
  await t.db.execute(sql`delete from outbox`);
});
afterAll(async () => {
  await t?.close();
});

describe('outbox', () => {
  it('shows what the local drivers sent, newest first, filterable by kind', async () => {
    await t.app.services.telephony.sendText(t.db, { to: '+15055550142', body: 'First text' });
    await t.app.services.mail.send(t.db, { to: 'rosa@forecourt.test', subject: 'Hello', text: 'An email' });
    await t.app.services.telephony.sendText(t.db, { to: '+15055550143', body: 'Second text' });
    const dev = await t.signedIn(['developer']);
    const res = await dev.act(loadOutbox, {});
    expect(res.body.data.messageCount).toBe(3);
    expect(res.body.data.rows.map((r: { body: string }) => r.body)).toEqual(['Second text', 'An email', 'First text']);
    const texts = await dev.act(loadOutbox, { channel: 'sms' });
    expect(texts.body.data.rows.map((r: { to: string }) => r.to)).toEqual(['+15055550143', '+15055550142']);
    const page = await dev.act(loadOutbox, {
      limit: 1,
      cursor: res.body.data.rows.length ? (await dev.act(loadOutbox, { limit: 1 })).body.data.nextCursor : undefined,
    });
    expect(page.body.data.rows[0].body).toBe('An email');
    const bad = await dev.act(loadOutbox, { channel: 'fax' });
    expect(bad.body.errors[0]).toBe('Kind must be sms, email, call, lead, insurance or cms.');
    expect((await dev.act(loadOutbox, { cursor: 'garbage' })).body.errors[0]).toBe(
      'The page cursor is not valid; reload the list.',
    );
    const searched = await dev.act(loadOutbox, { query: 'second' });
    expect(searched.body.data.rows.map((r: { body: string }) => r.body)).toEqual(['Second text']);
    expect((await dev.act(loadOutbox, { query: '%' })).body.data.messageCount).toBe(0);
  });
});

describe('outbox export', () => {
  it("streams every matching row as CSV with the list's columns, for developers only", async () => {
    for (let i = 0; i < 12; i++)
      await t.app.services.telephony.sendText(t.db, { to: `+1505555${String(2000 + i)}`, body: `Bulk, "quoted" ${i}` });
    const dev = await t.signedIn(['developer']);
    const res = await t.app.inject({
      method: 'GET',
      url: '/tools/outbox/export?channel=sms&limit=5',
      cookies: { forecourt_session: dev.cookie! },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="outbox-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('When,Kind,To,From,Subject,Message,Status');
    expect(lines).toHaveLength(6);
    expect(lines[1]).toContain('"Bulk, ""quoted"" 11"');
    const all = await t.app.inject({
      method: 'GET',
      url: '/tools/outbox/export',
      cookies: { forecourt_session: dev.cookie! },
    });
    expect(all.body.trim().split('\n')).toHaveLength(1 + 3 + 12);
    const staff = await t.signedIn([]);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/tools/outbox/export',
          cookies: { forecourt_session: staff.cookie! },
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/tools/outbox/export' })).statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/tools/outbox/export?channel=fax',
      cookies: { forecourt_session: dev.cookie! },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toBe('Kind must be sms, email, call, lead, insurance or cms.');
  });
});

describe('counting a long list', () => {
  it('is exact up to 1,000 and an estimate beyond, flagged as such', async () => {
    const dev = await t.signedIn(['developer']);
    const exact = await dev.act(loadOutbox, {});
    expect(exact.body.data.countEstimated).toBe(false);
    await t.db.execute(
      sql`insert into outbox (channel, "to", body) select 'email', 'bulk' || g || '@forecourt.test', 'Bulk' from generate_series(1, 1500) g`,
    );
    await t.db.execute(sql`analyze outbox`);
    const res = await dev.act(loadOutbox, {});
    expect(res.body.data.countEstimated).toBe(true);
    expect(res.body.data.messageCount).toBeGreaterThan(1_000);
    expect(Math.abs(Number(res.body.data.messageCount) - 1_515) / 1_515).toBeLessThan(0.1);
    expect(res.body.data.rows).toHaveLength(100);
  });
});
