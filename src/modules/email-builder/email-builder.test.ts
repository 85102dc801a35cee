import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { testApp, type ActInput, type Caller, type TestApp } from '../../../tests/helpers';
import { auditLog, outbox } from '../../server/platform/platform.db';
import { SESSION_COOKIE } from '../../server/platform/session';
import { locations } from '../locations/locations.db';
import { marketingPlans, planCoupons, planVehicles } from '../marketing-plans/marketing-plans.db';
import { inventoryVehicles } from '../inventory/inventory.db';
import {
  convertHtml,
  deleteTemplate,
  getShortcodes,
  listPlanCoupons,
  listPlanVehicles,
  loadTemplate,
  loadTemplates,
  planCouponImport,
  planVehicleImport,
  RENDER_PATH,
  saveTemplate,
  sendTest,
  vehicleImport,
  type PieceInput,
} from './email-builder.contract';
import { emailTemplates } from './email-builder.db';

let t: TestApp;
let builder: Caller;
let abq: number;
let store: typeof locations.$inferSelect;

const options = (over: Partial<ActInput<typeof saveTemplate>> = {}): ActInput<typeof saveTemplate> => ({
  name: 'Test template',
  locationId: abq,
  themeType: 'light',
  inventoryUrlType: 'location',
  serviceUrlType: 'location',
  pieces: [],
  ...over,
});
const vehicle = {
  year: 2026,
  make: 'Toyota',
  model: 'RAV4',
  amount: '$329/mo',
  image: 'https://img.example.com/rav4.jpg',
  inventoryUrl: '[inventory_url]?model=rav4',
  ctaLabel: 'See it',
};
const coupon = {
  product: 'Oil change',
  price: '$49.95',
  image: 'https://img.example.com/oil.jpg',
  description: 'Call [service_phone]',
};
/** One piece of every type, each with a link or image carrying a shortcode where it has one. */
const everyPiece: PieceInput[] = [
  { type: 'text', title: 'Hello from [location_name]', text: 'Line one\nLine <two>' },
  {
    type: 'hero',
    title: 'Big sale',
    image: 'https://img.example.com/hero.jpg',
    link: '[location_url]',
    overlayColor: '#102030',
    overlayOpacity: 50,
  },
  { type: 'html', html: '<p class="own">At [location_name]</p>' },
  { type: 'image-banner', title: 'Banner', image: 'https://img.example.com/banner.jpg', link: '[location_url]' },
  {
    type: 'image-text',
    title: 'Pair',
    text: 'Words',
    image: 'https://img.example.com/pair.jpg',
    imageAlign: 'right',
    link: 'https://example.com/pair',
  },
  {
    type: 'coupons',
    title: 'Coupons',
    coupons: [coupon, { ...coupon, product: 'Wipers', standalone: 1 }],
    showServiceButton: 1,
  },
  { type: 'cta-button', title: 'Call [location_phone]', link: '[location_url]' },
  { type: 'vehicles', title: 'Offers', vehicles: [vehicle], showInventoryButton: 1, showDivider: 1 },
  { type: 'text', title: 'Hidden piece', visible: 0 },
];
const audits = async () => (await t.db.select({ n: count() }).from(auditLog))[0].n;
type Node = DefaultTreeAdapterMap['element'];
function elements(node: DefaultTreeAdapterMap['parentNode'], tag: string, found: Node[] = []): Node[] {
  for (const child of node.childNodes) {
    if ('tagName' in child) {
      if (child.tagName === tag) found.push(child);
      elements(child, tag, found);
    }
    if ('content' in child && child.content) elements(child.content, tag, found);
  }
  return found;
}
const attr = (el: Node, name: string) => el.attrs.find((a) => a.name === name)?.value;

beforeAll(async () => {
  t = await testApp();
  builder = await t.signedIn(['emailBuilder']);
  [store] = await t.db.select().from(locations).where(eq(locations.code, 'ABG'));
  abq = store.id;
});
afterAll(async () => {
  await t?.close();
});

describe('templates', () => {
  it('lists the demo templates (three per store, built from its active plan) with a count and search', async () => {
    const res = await builder.act(loadTemplates, { locationId: abq });
    expect(res.status).toBe(200);
    expect(res.body.data.templateCount).toBe(3);
    expect(res.body.data.rows[0]).toMatchObject({ locationId: abq, pieceCount: expect.any(Number), locked: false });
    const found = await builder.act(loadTemplates, { query: 'service specials', locationId: abq });
    expect(found.body.data.rows.map((r) => r.name)).toEqual([expect.stringMatching(/service specials$/)]);
  });

  it('adds a template (answering its id), loads it, then saves changes to it', async () => {
    const add = await builder.act(
      saveTemplate,
      options({ pieces: everyPiece, themeType: 'custom', customTheme: '#aa3300', revision: 1 }),
    );
    expect(add.status).toBe(200);
    const { templateId } = add.body.data;
    const loaded = (await builder.act(loadTemplate, { templateId })).body.data.template;
    expect(loaded).toMatchObject({
      templateId,
      name: 'Test template',
      customTheme: '#aa3300',
      showLocationHeader: false,
      revision: 1,
    });
    expect(loaded.pieces).toHaveLength(everyPiece.length);
    expect(loaded.pieces[8]).toMatchObject({ visible: false });
    expect(loaded.pieces[0]).toMatchObject({ visible: true, text: 'Line one\nLine <two>' });
    const saved = await builder.act(saveTemplate, options({ templateId, name: 'Renamed', locked: 1, revision: 2 }));
    expect(saved.body.data).toEqual({ templateId, revision: 2, written: true });
    const [row] = await t.db.select().from(emailTemplates).where(eq(emailTemplates.id, templateId));
    expect(row).toMatchObject({ name: 'Renamed', locked: true, pieces: [] });
  });

  it('saves a copy with clone=1, leaving the original as it was', async () => {
    const { templateId } = (await builder.act(saveTemplate, options({ name: 'Original' }))).body.data;
    const copy = await builder.act(saveTemplate, options({ templateId, clone: 1, name: 'Copy' }));
    expect(copy.body.data.templateId).not.toBe(templateId);
    const [original] = await t.db.select().from(emailTemplates).where(eq(emailTemplates.id, templateId));
    expect(original.name).toBe('Original');
  });

  it('autosave race: of two quick saves the later change wins whatever order they land in, and nothing is lost', async () => {
    const { templateId } = (await builder.act(saveTemplate, options({ revision: 1 }))).body.data;
    const first = { type: 'text', title: 'First change' } as const;
    const second = { type: 'text', title: 'Second change' } as const;
    // Sent together: the pipeline runs them in either order.
    const [a, b] = await Promise.all([
      builder.act(saveTemplate, options({ templateId, revision: 2, pieces: [first] })),
      builder.act(saveTemplate, options({ templateId, revision: 3, pieces: [first, second] })),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const [row] = await t.db.select().from(emailTemplates).where(eq(emailTemplates.id, templateId));
    expect(row.revision).toBe(3);
    expect(row.pieces.map((p) => p.title)).toEqual(['First change', 'Second change']);
    // The slower request of the earlier change, landing last, is not written.
    const late = await builder.act(saveTemplate, options({ templateId, revision: 2, pieces: [] }));
    expect(late.body.data).toEqual({ templateId, revision: 3, written: false });
    const [after] = await t.db.select().from(emailTemplates).where(eq(emailTemplates.id, templateId));
    expect(after.pieces).toHaveLength(2);
  });

  it('refuses bad input naming the field as the builder labels it, and changes nothing', async () => {
    const before = await audits();
    const noColour = await builder.act(saveTemplate, options({ themeType: 'custom' }));
    expect(noColour.status).toBe(400);
    expect(noColour.body.errors[0]).toBe('Custom theme colour is required for a custom theme.');
    expect(noColour.body.data.fields).toEqual(['customTheme']);
    const badColour = await builder.act(saveTemplate, options({ themeType: 'custom', customTheme: 'red' }));
    expect(badColour.body.errors[0]).toBe('Custom theme colour must be a colour such as #1a5fb4.');
    const badPiece = await builder.actRaw(saveTemplate, { ...options(), pieces: [{ type: 'video' }] });
    expect(badPiece.body.errors[0]).toBe(
      'Type must be one of: text, hero, html, image-banner, image-text, coupons, cta-button, vehicles.',
    );
    const badLink = await builder.act(
      saveTemplate,
      options({ pieces: [{ type: 'cta-button', link: 'javascript:alert(1)' }] }),
    );
    expect(badLink.body.errors[0]).toMatch(/^Link must be a web address/);
    const noName = await builder.actRaw(saveTemplate, { ...options(), name: ' ' });
    expect(noName.body.errors[0]).toBe('Name is required.');
    expect(await audits()).toBe(before);
  });

  it('deletes one or many templates; a locked one is refused and nothing is deleted', async () => {
    const ids = await Promise.all(
      ['A', 'B', 'C'].map(
        async (name) =>
          (await builder.act(saveTemplate, options({ name, locked: name === 'C' ? 1 : 0 }))).body.data.templateId,
      ),
    );
    const refused = await builder.act(deleteTemplate, { templateIds: ids });
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0]).toBe('C is locked; unlock it before deleting it.');
    expect((await t.db.select({ n: count() }).from(emailTemplates).where(eq(emailTemplates.name, 'A')))[0].n).toBe(1);
    const res = await builder.act(deleteTemplate, { templateIds: ids.slice(0, 2) });
    expect(res.body.data).toEqual({ deleted: 2 });
    expect((await t.db.select({ n: count() }).from(emailTemplates).where(eq(emailTemplates.id, ids[0])))[0].n).toBe(0);
    expect((await builder.act(deleteTemplate, { templateIds: [] })).body.errors[0]).toBe(
      'Templates must name at least one template.',
    );
  });

  it('needs the emailBuilder flag', async () => {
    const marketing = await t.signedIn(['marketing', 'marketingEditor']);
    expect((await marketing.act(loadTemplates, {})).status).toBe(403);
  });
});

describe('compiling', () => {
  let templateId: number;
  beforeAll(async () => {
    templateId = (
      await builder.act(saveTemplate, options({ pieces: everyPiece, showLocationHeader: 1, promoScript: 1, xtime: 1 }))
    ).body.data.templateId;
  });

  it('compiles every piece type to valid HTML with alt text on every image, filled shortcodes and its size', async () => {
    const res = await builder.act(convertHtml, { templateId });
    expect(res.status).toBe(200);
    const { html, filesize, warnings } = res.body.data;
    expect(warnings).toEqual([]);
    expect(filesize).toBe(Buffer.byteLength(html));
    const errors: string[] = [];
    const doc = parse(html, { onParseError: (e) => errors.push(e.code) });
    // MJML's Outlook conditional comments are comments to a parser; what is left must parse cleanly.
    expect(errors.filter((e) => !/comment|doctype/.test(e))).toEqual([]);
    const images = elements(doc, 'img');
    // The banner, the image-text piece, two coupons and a vehicle (the hero's picture is its background).
    expect(images).toHaveLength(5);
    for (const img of images) expect(attr(img, 'alt'), attr(img, 'src')).toBeTruthy();
    const links = elements(doc, 'a').map((a) => attr(a, 'href'));
    expect(links).toContain(store.url);
    expect(links).toContain(`${store.url.replace(/\/$/, '')}/inventory/?model=rav4`);
    expect(links.some((l) => l?.startsWith(`${store.serviceUrl}`) && l.includes('utm_source=xtime'))).toBe(true);
    expect(links.every((l) => l && /^https?:\/\//.test(l))).toBe(true);
    expect(html).not.toMatch(/\[(location|service|inventory|dealership)[a-z_]*\]/);
    expect(html).toContain(`Hello from ${store.name}`);
    expect(html).toContain('Line &lt;two&gt;');
    expect(html).toContain('<p class="own">At');
    expect(html).not.toContain('Hidden piece');
    expect(html).toContain('Show this email at');
    expect(html).toContain('@media only screen and (min-width:480px)');
  });

  it('compiles a template of 30 vehicles in under 200 ms', async () => {
    const vehicles = Array.from({ length: 30 }, (_, i) => ({ ...vehicle, model: `Model ${i}` }));
    const { templateId: big } = (await builder.act(saveTemplate, options({ pieces: [{ type: 'vehicles', vehicles }] })))
      .body.data;
    // The fastest of five warm calls through HTTP: the suite's other files share the machine, and
    // their work only ever adds to a call (the bench judges the spread, docs/bench.md).
    const times: number[] = [];
    let res = await builder.act(convertHtml, { templateId: big });
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      res = await builder.act(convertHtml, { templateId: big });
      times.push(performance.now() - started);
    }
    expect(Math.min(...times)).toBeLessThan(200);
    expect(res.body.data.html.match(/alt="2026 Toyota Model \d+"/g)).toHaveLength(30);
  });

  it('lists the shortcodes with the store values and the template links', async () => {
    const res = await builder.act(getShortcodes, { templateId });
    const codes = Object.fromEntries(res.body.data.shortcodes.map((c) => [c.shortcode, c.value]));
    expect(codes['[location_name]']).toBe(store.name);
    expect(codes['[inventory_url]']).toBe(`${store.url.replace(/\/$/, '')}/inventory/`);
    expect(codes['[service_url]']).toContain('utm_source=xtime');
  });

  it('serves the preview page to a signed-in builder with a policy that runs no script, and to nobody else', async () => {
    const get = (caller: Caller, url: string) =>
      t.app.inject({ method: 'GET', url, cookies: { [SESSION_COOKIE]: caller.cookie! } });
    const page = await get(builder, `${RENDER_PATH}?templateId=${templateId}&refresh=123`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain(`Hello from ${store.name}`);
    expect((await get(await t.signedIn(['marketing']), `${RENDER_PATH}?templateId=${templateId}`)).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: `${RENDER_PATH}?templateId=${templateId}` })).statusCode).toBe(
      401,
    );
  });
});

describe('imports', () => {
  it("lists the active plan's vehicles and coupons of a store and imports the chosen ones in order", async () => {
    const [plan] = await t.db
      .select()
      .from(marketingPlans)
      .where(and(eq(marketingPlans.locationId, abq), eq(marketingPlans.current, true)));
    const vehicles = await builder.act(listPlanVehicles, { location: abq });
    expect(vehicles.body.data).toMatchObject({ planId: plan.id, plan: plan.name });
    expect(vehicles.body.data.items).toHaveLength(4);
    const ids = vehicles.body.data.items
      .map((i) => i.itemId)
      .slice(0, 2)
      .reverse();
    const imported = await builder.act(planVehicleImport, { vehicleIds: ids });
    const [second] = await t.db.select().from(planVehicles).where(eq(planVehicles.id, ids[0]));
    expect(imported.body.data.vehicles[0]).toMatchObject({
      make: second.make,
      model: second.model,
      amount: second.amount || undefined,
    });
    expect(imported.body.data.vehicles).toHaveLength(2);
    const coupons = await builder.act(listPlanCoupons, { location: abq });
    const couponIds = coupons.body.data.items.map((i) => i.itemId);
    const got = await builder.act(planCouponImport, { couponIds });
    const [first] = await t.db.select().from(planCoupons).where(eq(planCoupons.id, couponIds[0]));
    expect(got.body.data.coupons[0]).toMatchObject({ product: first.product, price: first.price });
  });

  it('answers an empty list for a store without an active plan', async () => {
    await t.db.update(marketingPlans).set({ current: false }).where(eq(marketingPlans.locationId, abq));
    const res = await builder.act(listPlanVehicles, { location: abq });
    expect(res.body.data).toEqual({ planId: null, plan: '', items: [] });
    await t.db
      .update(marketingPlans)
      .set({ current: true })
      .where(
        eq(
          marketingPlans.id,
          (
            await t.db
              .select({ id: marketingPlans.id })
              .from(marketingPlans)
              .where(eq(marketingPlans.locationId, abq))
              .orderBy(marketingPlans.id)
          ).at(-1)!.id,
        ),
      );
  });

  it("imports a store's inventory in stock as email vehicles", async () => {
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(inventoryVehicles)
      .where(and(eq(inventoryVehicles.locationId, abq), eq(inventoryVehicles.status, 'in stock')));
    const res = await builder.act(vehicleImport, { locationId: abq, limit: 5 });
    expect(res.status).toBe(200);
    expect(res.body.data.vehicles).toHaveLength(Math.min(5, n));
    if (n > 0)
      expect(res.body.data.vehicles[0]).toMatchObject({
        year: expect.any(Number),
        make: expect.any(String),
        ctaLabel: 'View vehicle',
      });
    expect((await builder.act(vehicleImport, { locationId: abq, limit: 31 })).body.errors[0]).toBe(
      'How many must be at most 30.',
    );
  });
});

describe('test send', () => {
  it('sends through the local mail driver, recorded in the outbox', async () => {
    const res = await builder.act(sendTest, {
      to: 'rosa@example.test',
      subject: 'March offers',
      html: '<p>Hi</p>',
      locationName: 'Albuquerque Toyota',
    });
    expect(res.status).toBe(200);
    const [sent] = await t.db.select().from(outbox).where(eq(outbox.subject, '[Test] March offers'));
    expect(sent).toMatchObject({ channel: 'email', to: 'rosa@example.test', meta: { html: '<p>Hi</p>' } });
    expect(sent.body).toContain('Albuquerque Toyota');
  });

  it('marks every empty field and sends nothing', async () => {
    const [{ n: before }] = await t.db.select({ n: count() }).from(outbox);
    const res = await builder.actRaw(sendTest, { to: '', subject: '', html: '', locationName: '' });
    expect(res.status).toBe(400);
    expect(res.body.data.fields).toEqual(['to', 'subject', 'html', 'locationName']);
    expect(res.body.errors[0]).toBe('To is required.');
    expect((await t.db.select({ n: count() }).from(outbox))[0].n).toBe(before);
  });

  it('delivers to a mail server with the SMTP driver', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => (received.push(data), done()));
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    const smtp = await testApp({ env: { MAIL: 'smtp', SMTP_URL: `smtp://127.0.0.1:${port}` } });
    try {
      const sender = await smtp.signedIn(['emailBuilder']);
      const res = await sender.act(sendTest, {
        to: 'rosa@example.test',
        subject: 'Offers',
        html: '<p>The <b>offers</b></p>',
        locationName: 'Albuquerque Toyota',
      });
      expect(res.status).toBe(200);
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('Subject: [Test] Offers');
      expect(received[0]).toContain('<b>offers</b>');
    } finally {
      await smtp.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
