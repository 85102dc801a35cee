import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../tests/helpers';

let t: TestApp;
beforeAll(async () => { t = await testApp(); });
afterAll(async () => { await t?.close(); });

describe('outbox', () => {
  it('shows what the local drivers sent, newest first, filterable by kind', async () => {
    await t.app.services.telephony.sendText(t.db, { to: '+15055550142', body: 'First text' });
    await t.app.services.mail.send(t.db, { to: 'rosa@forecourt.test', subject: 'Hello', text: 'An email' });
    await t.app.services.telephony.sendText(t.db, { to: '+15055550143', body: 'Second text' });
    const dev = await t.signedIn(['developer']);
    const res = await dev.call('outbox/load-messages', {});
    expect(res.body.data.messageCount).toBe(3);
    expect(res.body.data.rows.map((r: { body: string }) => r.body)).toEqual(['Second text', 'An email', 'First text']);
    const texts = await dev.call('outbox/load-messages', { channel: 'sms' });
    expect(texts.body.data.rows.map((r: { to: string }) => r.to)).toEqual(['+15055550143', '+15055550142']);
    const page = await dev.call('outbox/load-messages', { limit: 1, cursor: res.body.data.rows.length ? (await dev.call('outbox/load-messages', { limit: 1 })).body.data.nextCursor : undefined });
    expect(page.body.data.rows[0].body).toBe('An email');
    const bad = await dev.call('outbox/load-messages', { channel: 'fax' });
    expect(bad.body.errors[0]).toBe('Channel must be sms, email or call.');
    expect((await dev.call('outbox/load-messages', { cursor: 'garbage' })).body.errors[0]).toBe('The page cursor is not valid; reload the list.');
  });
});
