import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, count, desc, eq } from 'drizzle-orm';
import { type Caller, locationsByCode, testApp, type TestApp } from '../../../tests/helpers';
import { auditLog, outbox } from '../../server/platform/platform.db';
import { graphFacebook, type MarketplaceLead } from '../../server/providers/facebook/facebook';
import { contacts } from '../contacts/contacts.db';
import { inventoryVehicles } from '../inventory/inventory.db';
import { marketplaceLeads } from './marketplace.db';
import { loadOutbox } from '../outbox/outbox.contract';
import { sendMarketplaceLead } from './marketplace.contract';

let t: TestApp;
let seller: Caller;
let loc: Record<string, number>;

beforeAll(async () => {
  t = await testApp();
  seller = await t.signedIn(['sales']);
  loc = await locationsByCode(t.db);
});
afterAll(async () => {
  await t?.close();
});

const counts = async () => {
  const [[{ l }], [{ o }], [{ c }], [{ a }]] = await Promise.all([
    t.db.select({ l: count() }).from(marketplaceLeads),
    t.db.select({ o: count() }).from(outbox),
    t.db.select({ c: count() }).from(contacts),
    t.db.select({ a: count() }).from(auditLog),
  ]);
  return { l, o, c, a };
};
const serialized = (fields: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();

describe('marketplace leads', () => {
  it("records the lead, adds the buyer to the store's contacts, and (locally) puts what would be sent in the outbox", async () => {
    const [onLot] = await t.db
      .select()
      .from(inventoryVehicles)
      .where(and(eq(inventoryVehicles.locationId, loc.ABH), eq(inventoryVehicles.status, 'in stock')))
      .limit(1);
    const res = await seller.send<Record<string, any>>({
      method: 'POST',
      url: '/api/actions/facebook/marketplace-contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: serialized({
        csrfToken: seller.csrfToken!,
        locationId: loc.ABH,
        stock: onLot.stock!,
        listing: '',
        name: 'Dana  Whitehorse',
        phone: '(505) 555-0177',
        email: 'DANA@example.com',
        message: 'Is it still available? Can I see it Saturday?',
      }),
    });
    expect(res.status).toBe(200);
    const [lead] = await t.db.select().from(marketplaceLeads).orderBy(desc(marketplaceLeads.id)).limit(1);
    expect(res.body.data).toEqual({ leadId: lead.id, contactId: lead.contactId, reference: lead.reference });
    const vehicle = [onLot.year, onLot.make, onLot.model, onLot.trim].filter(Boolean).join(' ');
    expect(lead).toMatchObject({
      locationId: loc.ABH,
      stock: onLot.stock,
      vehicle,
      name: 'Dana  Whitehorse',
      phone: '+15055550177',
      email: 'dana@example.com',
      provider: 'local',
      createdBy: seller.userId,
    });
    const [contact] = await t.db.select().from(contacts).where(eq(contacts.id, lead.contactId!));
    expect(contact).toMatchObject({
      locationId: loc.ABH,
      firstName: 'Dana',
      lastName: 'Whitehorse',
      mobilePhone: '+15055550177',
      sold: false,
    });
    const [sent] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.id, Number(lead.reference.replace('local-', ''))));
    expect(sent).toMatchObject({
      channel: 'lead',
      to: 'Facebook pixel local',
      from: 'Albuquerque Honda',
      subject: `Marketplace lead: ${vehicle}`,
    });
    expect(sent.body).toContain('Is it still available?');
    const event = (sent.meta as { event: Record<string, any> }).event;
    expect(event).toMatchObject({
      event_name: 'Lead',
      event_id: lead.eventId,
      action_source: 'system_generated',
      custom_data: { store: 'ABH', stock_number: onLot.stock },
    });
    // Hashed as the platform asks: never the number itself.
    expect(event.user_data.ph).toEqual([expect.stringMatching(/^[0-9a-f]{64}$/)]);
    expect(JSON.stringify(event)).not.toContain('5550177');

    // The Outbox lists it as a lead.
    const developer = await t.signedIn(['developer']);
    const box = await developer.act(loadOutbox, { channel: 'lead' });
    expect(box.body.data.rows.map((r: { id: number; channel: string }) => [r.id, r.channel])).toContainEqual([
      sent.id,
      'lead',
    ]);
  });

  it('names the fields at fault in data.fields and changes nothing', async () => {
    const before = await counts();
    const none = await seller.act(sendMarketplaceLead, { locationId: loc.ABG, name: 'Lee', message: 'Hi' });
    expect(none.status).toBe(400);
    expect(none.body.data.fields).toEqual(['stock', 'phone', 'email']);
    expect(none.body.errors[0]).toBe('Stock number or listing is required.');
    const badPhone = await seller.act(sendMarketplaceLead, {
      locationId: loc.ABG,
      listing: 'https://www.facebook.com/marketplace/item/1234',
      name: 'Lee',
      phone: '(123) 456-7890',
      message: 'Hi',
    });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body).toMatchObject({
      errors: ['Phone must be a phone number such as (505) 555-0142.'],
      data: { fields: ['phone'] },
    });
    const unknown = await seller.act(sendMarketplaceLead, {
      locationId: loc.ABG,
      stock: 'NOPE1',
      name: 'Lee',
      email: 'lee@example.com',
      message: 'Hi',
    });
    expect(unknown.body).toMatchObject({
      errors: ["Stock number NOPE1 is not in Albuquerque Toyota's inventory; check it, or give the listing instead."],
      data: { fields: ['stock'] },
    });
    expect(await counts()).toEqual(before);

    const nm = await t.signedIn(['sales'], { groupWide: false, regions: ['New Mexico'] });
    expect(
      (
        await nm.act(sendMarketplaceLead, {
          locationId: loc.PHX,
          listing: '99',
          name: 'Lee',
          email: 'lee@example.com',
          message: 'Hi',
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await (
          await t.signedIn([])
        ).act(sendMarketplaceLead, {
          locationId: loc.ABG,
          listing: '99',
          name: 'Lee',
          email: 'lee@example.com',
          message: 'Hi',
        })
      ).status,
    ).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('the Graph driver posts the event to the pixel with the token in the body, and answers 502 when the platform refuses', async () => {
    const lead: MarketplaceLead = {
      eventId: 'e-1',
      at: new Date('2026-11-20T15:00:00Z'),
      store: { code: 'ABG', name: 'Albuquerque Toyota' },
      vehicle: { stock: 'D0100001', listing: '', description: '2026 Toyota RAV4' },
      buyer: { firstName: 'Dana', lastName: 'W', phone: '+15055550177', email: '' },
      message: 'Hi',
    };
    const fetcher = vi.fn(
      async () => new Response(JSON.stringify({ events_received: 1, fbtrace_id: 'AbC123' }), { status: 200 }),
    );
    const driver = graphFacebook(
      {
        graphUrl: 'https://graph.example.test/v21.0/',
        pixelId: '1234567890',
        accessToken: 'EAAB-secret-token-000000',
        pageId: '555000',
      },
      fetcher as typeof fetch,
    );
    expect(await driver.sendLead(t.db, lead)).toEqual({ reference: 'AbC123' });
    const [url, init] = fetcher.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://graph.example.test/v21.0/1234567890/events');
    expect(url).not.toContain('secret');
    const body = JSON.parse(String(init.body));
    expect(body.access_token).toBe('EAAB-secret-token-000000');
    expect(body.data[0]).toMatchObject({
      event_name: 'Lead',
      event_id: 'e-1',
      event_time: 1_795_186_800,
      user_data: { page_id: '555000' },
    });

    const refusing = graphFacebook(
      { graphUrl: 'https://graph.example.test/v21.0', pixelId: '1234567890', accessToken: 'EAAB-secret-token-000000' },
      (async () =>
        new Response(JSON.stringify({ error: { message: 'Invalid OAuth access token.' } }), {
          status: 400,
        })) as typeof fetch,
    );
    await expect(refusing.sendLead(t.db, lead)).rejects.toMatchObject({
      status: 502,
      message: 'Facebook did not take the lead; try again in a few minutes.',
    });
  });
});
