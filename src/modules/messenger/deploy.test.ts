import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
import { type Caller, locationsByCode, testApp, type TestApp } from '../../../tests/helpers';
import { auditLog } from '../../server/platform/platform.db';
import { drainJobs } from '../../server/jobs/jobs';
import { locations } from '../locations/locations.db';
import { messages, phones } from '../phones/phones.db';
import { simulateInboundText } from '../phones/phones.api';
import { contacts } from '../contacts/contacts.db';
import { deployments, shortcuts } from './messenger.db';
import type { Contract } from '../../shared/contract';
import {
  addShortcut,
  deleteShortcut,
  deploy,
  listShortcuts,
  loadDeployStatus,
  loadDeployment,
  loadDeployments,
  loadShortcut,
  loadShortcuts,
  redeploy,
  saveShortcut,
} from './messenger.contract';

let t: TestApp;
/** Edits drafts and deploys, group-wide. */
let deployer: Caller;
/** Edits drafts, may not deploy. */
let editor: Caller;
/** Every flag, New Mexico only. */
let nm: Caller;
let loc: Record<string, number>;
let deployerName: string;

beforeAll(async () => {
  t = await testApp();
  deployer = await t.signedIn(['messenger', 'messengerDeploy'], { firstName: 'Dana', lastName: 'Deployer' });
  deployerName = 'Dana Deployer';
  editor = await t.signedIn(['messenger']);
  nm = await t.signedIn(['messenger', 'messengerDeploy', 'marketing'], { groupWide: false, regions: ['New Mexico'] });
  loc = await locationsByCode(t.db);
});
afterAll(async () => {
  await t?.close();
});

const status = async (caller = deployer) => {
  const res = await caller.act(loadDeployStatus, {});
  expect(res.status).toBe(200);
  return Object.fromEntries(res.body.data.stores.map((s) => [s.locationCode, s]));
};
const stored = async () => {
  const [[{ d }], [{ s }], [{ a }]] = await Promise.all([
    t.db.select({ d: count() }).from(deployments),
    t.db.select({ s: count() }).from(shortcuts),
    t.db.select({ a: count() }).from(auditLog),
  ]);
  return { d, s, a };
};
const lineOf = async (code: string) => {
  const [line] = await t.db
    .select({ phoneNumber: phones.phoneNumber })
    .from(phones)
    .where(and(eq(phones.locationId, loc[code]), eq(phones.phoneType, 'main'), eq(phones.active, true)))
    .orderBy(asc(phones.id))
    .limit(1);
  return line.phoneNumber;
};
/** A customer of the store with autopilot on texts its main line; answers what autopilot said back, if anything. */
const customerTexts = async (code: string, from: string, body: string) => {
  await t.db
    .insert(contacts)
    .values({ locationId: loc[code], mobilePhone: from, source: 'staff', autopilot: true })
    .onConflictDoNothing();
  await simulateInboundText(t.db, t.app.services, { from, to: await lineOf(code), body });
  await drainJobs(t.app.services);
  const [answer] = await t.db
    .select({ body: messages.body, at: messages.id })
    .from(messages)
    .where(and(eq(messages.to, from), eq(messages.direction, 'outbound')))
    .orderBy(desc(messages.id))
    .limit(1);
  return answer?.body ?? null;
};

describe('where each store stands', () => {
  it('answers each store within reach with its live version, and what changed since', async () => {
    const stores = await status();
    expect(stores.ABG).toMatchObject({
      locationName: 'Albuquerque Toyota',
      version: 1,
      deployedBy: 'Group Administrator',
      liveCount: 5,
      draftCount: 5,
      draftChanged: false,
      detailsChanged: false,
      state: 'live',
      stateLabel: 'Up to date',
    });
    // Albuquerque Honda has a trade-in shortcut written and not deployed; Denver deployed its own hours.
    expect(stores.ABH).toMatchObject({
      version: 1,
      liveCount: 5,
      draftCount: 6,
      draftChanged: true,
      state: 'draft',
      stateLabel: 'Draft changes not deployed',
    });
    expect(stores.DNC).toMatchObject({ version: 1, liveCount: 5, state: 'live' });
    expect(Object.keys(await status(nm)).sort()).toEqual(['ABG', 'ABH', 'LCF', 'SFS']);
    expect((await t.anonymous().act(loadDeployStatus, {})).status).toBe(401);
  });

  it("lists the group's drafts, and a store's with the group's it inherits, previewed with its details", async () => {
    const group = (await editor.act(loadShortcuts, {})).body.data.shortcuts;
    expect(group.map((s: { shortcut: string }) => s.shortcut)).toEqual([
      'address',
      'autopilot',
      'hours',
      'service',
      'thanks',
    ]);
    expect(
      group.every((s: { locationId: number | null; inherited: boolean }) => s.locationId === null && !s.inherited),
    ).toBe(true);

    const denver = (await editor.act(loadShortcuts, { locationId: loc.DNC })).body.data.shortcuts;
    const hours = denver.find((s: { shortcut: string }) => s.shortcut === 'hours')!;
    expect(hours).toMatchObject({
      locationId: loc.DNC,
      inherited: false,
      keywords: ['hours', 'open', 'close', 'closed'],
    });
    expect(hours.preview).toMatch(/^Denver Chevrolet is open 8:00–20:00 Monday to Saturday/);
    const address = denver.find((s: { shortcut: string }) => s.shortcut === 'address')!;
    expect(address).toMatchObject({
      locationId: null,
      inherited: true,
      message: 'We are at [location_address]. Call us at [location_phone].',
    });
    expect(address.preview).toBe('We are at 9595 E Arapahoe Rd Denver, CO 80231. Call us at (303) 555-0500.');

    expect((await nm.act(loadShortcuts, { locationId: loc.DNC })).status).toBe(404);
  });
});

describe('drafts, deploy and autopilot', () => {
  it('answers customers from the deployed version, not the draft, until the store is deployed', async () => {
    const before = await stored();
    const added = await editor.act(addShortcut, {
      locationId: loc.ABG,
      shortcut: 'Trade-in',
      message: 'Bring your trade-in to [location_name] for an offer in 20 minutes.',
      keywords: 'trade, Appraisal',
    });
    expect(added.status).toBe(200);
    const [row] = await t.db.select().from(shortcuts).where(eq(shortcuts.id, added.body.data.shortcutId));
    expect(row).toMatchObject({
      locationId: loc.ABG,
      shortcut: 'Trade-in',
      keywords: ['trade', 'appraisal'],
      message: 'Bring your trade-in to [location_name] for an offer in 20 minutes.',
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'messengerShortcut'), eq(auditLog.recordId, String(row.id))));
    expect(audit.after).toMatchObject({ shortcut: 'Trade-in', locationId: loc.ABG });
    expect(await stored()).toMatchObject({ d: before.d, s: before.s + 1 });
    expect((await status()).ABG).toMatchObject({
      version: 1,
      draftCount: 6,
      liveCount: 5,
      draftChanged: true,
      state: 'draft',
    });

    // A draft: the customer is acknowledged, not answered with it; the shortcut menu does not have it.
    expect(await customerTexts('ABG', '+15055550161', 'Can I trade my truck in?')).toBe(
      'Thanks for your text! Someone from Albuquerque Toyota will reply shortly.',
    );
    const menu = (await editor.act(listShortcuts, { locationId: loc.ABG })).body.data.shortcuts;
    expect(menu.map((s: { shortcut: string }) => s.shortcut)).not.toContain('Trade-in');

    // Only a deployer deploys.
    expect((await editor.act(deploy, { locationId: loc.ABG })).status).toBe(403);
    const res = await deployer.act(deploy, { locationId: loc.ABG });
    expect(res.status).toBe(200);
    const [deployed] = res.body.data.deployments;
    expect(deployed).toMatchObject({
      locationId: loc.ABG,
      locationName: 'Albuquerque Toyota',
      version: 2,
      kind: 'deploy',
      shortcutCount: 6,
      deployedBy: deployerName,
    });
    expect(Date.now() - Date.parse(deployed.deployedAt)).toBeLessThan(60_000);
    const [version] = await t.db.select().from(deployments).where(eq(deployments.id, deployed.deploymentId));
    expect(version).toMatchObject({ locationId: loc.ABG, version: 2, kind: 'deploy', deployedBy: deployer.userId });
    expect(version.shortcuts.find((s) => s.shortcut === 'Trade-in')).toEqual({
      shortcut: 'Trade-in',
      template: 'Bring your trade-in to [location_name] for an offer in 20 minutes.',
      message: 'Bring your trade-in to Albuquerque Toyota for an offer in 20 minutes.',
      keywords: ['trade', 'appraisal'],
    });
    const [deployAudit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'messengerDeployment'), eq(auditLog.recordId, String(version.id))));
    expect(deployAudit).toMatchObject({ action: 'messenger/deploy', userId: deployer.userId });
    expect((await status()).ABG).toMatchObject({ version: 2, liveCount: 6, deployedBy: deployerName, state: 'live' });

    expect(await customerTexts('ABG', '+15055550162', 'Do you take a trade?')).toBe(
      'Bring your trade-in to Albuquerque Toyota for an offer in 20 minutes.',
    );
    expect((await editor.act(loadShortcut, { locationId: loc.ABG, shortcut: 'trade-in' })).body.data.message).toBe(
      'Bring your trade-in to Albuquerque Toyota for an offer in 20 minutes.',
    );

    // Nothing changed since: nothing to deploy, and nothing stored.
    const again = await stored();
    const same = await deployer.act(deploy, { locationId: loc.ABG });
    expect(same.status).toBe(409);
    expect(same.body.errors[0]).toBe(
      'Albuquerque Toyota is up to date: version 2 is live and nothing has changed since.',
    );
    expect(await stored()).toEqual(again);
  });

  it('keeps a deleted draft live until the next deploy, and an edited one too', async () => {
    const [hours] = await t.db
      .select()
      .from(shortcuts)
      .where(and(isNull(shortcuts.locationId), eq(shortcuts.shortcut, 'hours')));
    // Las Cruces overrides the group's hours, then edits and deletes its own.
    const own = await editor.act(addShortcut, {
      locationId: loc.LCF,
      shortcut: 'HOURS',
      message: 'Las Cruces Ford is open until 9 tonight.',
      keywords: ['hours'],
    });
    expect(own.status).toBe(200);
    expect((await deployer.act(deploy, { locationId: loc.LCF })).body.data.deployments[0]).toMatchObject({
      version: 2,
      shortcutCount: 5,
    });
    expect(await customerTexts('LCF', '+15755550163', 'What are your hours')).toBe(
      'Las Cruces Ford is open until 9 tonight.',
    );

    const saved = await editor.act(saveShortcut, {
      shortcutId: own.body.data.shortcutId,
      shortcut: 'HOURS',
      message: 'Half-written new hours',
      keywords: ['hours'],
    });
    expect(saved.status).toBe(200);
    expect((await t.db.select().from(shortcuts).where(eq(shortcuts.id, own.body.data.shortcutId)))[0]).toMatchObject({
      message: 'Half-written new hours',
    });
    expect(await customerTexts('LCF', '+15755550164', 'hours?')).toBe('Las Cruces Ford is open until 9 tonight.');

    const removed = await editor.act(deleteShortcut, { shortcutId: own.body.data.shortcutId });
    expect(removed.status).toBe(200);
    expect(await t.db.select().from(shortcuts).where(eq(shortcuts.id, own.body.data.shortcutId))).toEqual([]);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'messengerShortcut'), eq(auditLog.recordId, String(own.body.data.shortcutId))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({ action: 'messenger/delete-shortcut', after: null });
    expect((await status()).LCF).toMatchObject({ version: 2, draftChanged: true, state: 'draft' });
    expect(await customerTexts('LCF', '+15755550165', 'hours on sunday?')).toBe(
      'Las Cruces Ford is open until 9 tonight.',
    );

    // Deployed, the group's hours answer again.
    await deployer.act(deploy, { locationId: loc.LCF });
    expect(await customerTexts('LCF', '+15755550166', 'hours?')).toMatch(
      /^Las Cruces Ford service hours: .+\. Book online at /,
    );
    expect(hours.message).toMatch(/^\[location_name\] service hours: /);
  });

  it("redeploys the live version with the store's details now, without the drafts", async () => {
    // Santa Fe Subaru moves and is renamed; a draft is half-written meanwhile.
    await t.db
      .update(locations)
      .set({ name: 'Santa Fe Subaru South', street: '4100 Cerrillos Rd' })
      .where(eq(locations.id, loc.SFS));
    const draft = await editor.act(addShortcut, {
      locationId: loc.SFS,
      shortcut: 'lease',
      message: 'Lease specials: ask [location_name].',
      keywords: ['lease'],
    });
    expect(draft.status).toBe(200);
    expect((await status()).SFS).toMatchObject({
      version: 1,
      draftChanged: true,
      detailsChanged: true,
      state: 'draft',
    });
    // Until then customers get the old details.
    expect(await customerTexts('SFS', '+15055550167', 'where are you')).toBe(
      'We are at 3965 Cerrillos Rd Santa Fe, NM 87507. Call us at (505) 471-0300.',
    );

    const res = await deployer.act(redeploy, { locationId: loc.SFS });
    expect(res.status).toBe(200);
    expect(res.body.data.deployments).toEqual([
      expect.objectContaining({
        locationName: 'Santa Fe Subaru South',
        version: 2,
        kind: 'redeploy',
        shortcutCount: 5,
        deployedBy: deployerName,
      }),
    ]);
    const [latest] = await t.db
      .select()
      .from(deployments)
      .where(eq(deployments.locationId, loc.SFS))
      .orderBy(desc(deployments.version))
      .limit(1);
    expect(latest.shortcuts.map((s) => s.shortcut)).not.toContain('lease');
    expect(latest.shortcuts.find((s) => s.shortcut === 'thanks')?.message).toBe(
      'Thank you for choosing Santa Fe Subaru South!',
    );
    expect(await customerTexts('SFS', '+15055550168', 'where are you')).toBe(
      'We are at 4100 Cerrillos Rd Santa Fe, NM 87507. Call us at (505) 471-0300.',
    );
    expect(await customerTexts('SFS', '+15055550169', 'any lease deals')).toBe(
      'Thanks for your text! Someone from Santa Fe Subaru South will reply shortly.',
    );
    expect((await status()).SFS).toMatchObject({
      version: 2,
      draftChanged: true,
      detailsChanged: false,
      state: 'draft',
    });

    const again = await deployer.act(redeploy, { locationId: loc.SFS });
    expect(again.status).toBe(409);
    expect(again.body.errors[0]).toBe(
      'Santa Fe Subaru South is up to date: version 2 is live and nothing has changed since.',
    );
  });

  it('a store never deployed: autopilot and the shortcut menu have nothing, redeploy is refused, deploy makes version 1', async () => {
    await t.db.delete(deployments).where(eq(deployments.locationId, loc.ABH));
    expect((await status()).ABH).toMatchObject({
      version: null,
      deployedAt: null,
      deployedBy: null,
      liveCount: 0,
      draftCount: 6,
      state: 'never',
      stateLabel: 'Never deployed',
    });
    expect(await customerTexts('ABH', '+15055550170', 'What are your hours?')).toBeNull();
    expect((await editor.act(listShortcuts, { locationId: loc.ABH })).body.data.shortcuts).toEqual([]);
    expect((await editor.act(loadShortcut, { locationId: loc.ABH, shortcut: 'hours' })).status).toBe(404);

    const before = await stored();
    const refused = await deployer.act(redeploy, { locationId: loc.ABH });
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0]).toBe('Albuquerque Honda has never been deployed: deploy it first.');
    expect(await stored()).toEqual(before);

    const res = await deployer.act(deploy, { locationId: loc.ABH });
    expect(res.body.data.deployments[0]).toMatchObject({ version: 1, shortcutCount: 6 });
    expect(await customerTexts('ABH', '+15055550171', 'Can I get an appraisal?')).toMatch(
      /^Get an offer for your trade-in at https:\/\/www\.albuquerquehonda\.example/,
    );
  });

  it('deploys several stores in one go, all or none', async () => {
    await editor.act(addShortcut, {
      locationId: loc.CSK,
      shortcut: 'parts',
      message: 'Parts counter: [location_phone].',
      keywords: ['parts'],
    });
    await editor.act(addShortcut, {
      locationId: loc.PHX,
      shortcut: 'parts',
      message: 'Parts counter: [location_phone].',
      keywords: ['parts'],
    });
    const before = await stored();
    // Tucson has nothing new: the whole deploy is refused, Colorado Springs and Phoenix included.
    const refused = await deployer.act(deploy, { locationIds: [loc.CSK, loc.TUC, loc.PHX] });
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0]).toBe(
      'Tucson Collision Center is up to date: version 1 is live and nothing has changed since.',
    );
    expect(await stored()).toEqual(before);

    const res = await deployer.call(
      'messenger/deploy',
      { locationIds: [loc.PHX, loc.CSK], locationId: loc.CSK },
      { form: true },
    );
    expect(res.status).toBe(200);
    expect(
      res.body.data.deployments
        .map((d: { locationName: string; version: number }) => [d.locationName, d.version])
        .sort(),
    ).toEqual([
      ['Colorado Springs Kia', 2],
      ['Phoenix Hyundai', 2],
    ]);
    expect(await stored()).toMatchObject({ d: before.d + 2 });
  });

  it('lists deploys newest first, by store, and opens one with what it published', async () => {
    const all = await editor.act(loadDeployments, {});
    expect(all.status).toBe(200);
    const rows = all.body.data.rows as {
      deployedAt: string;
      kindLabel: string;
      locationId: number;
      version: number;
      shortcutCount: number;
      deployedBy: string;
      deploymentId: number;
    }[];
    expect(rows.map((r) => r.deployedAt)).toEqual([...rows.map((r) => r.deployedAt)].sort().reverse());
    expect(all.body.data.deploymentCount).toBe(rows.length);
    const sfs = (await editor.act(loadDeployments, { locationId: loc.SFS })).body.data.rows as typeof rows;
    expect(sfs.map((r) => [r.version, r.kindLabel, r.shortcutCount])).toEqual([
      [2, 'Redeployed', 5],
      [1, 'Deployed', 5],
    ]);
    expect(sfs[0].deployedBy).toBe(deployerName);
    expect(sfs[1].deployedBy).toBe('Group Administrator');

    const one = await editor.act(loadDeployment, { deploymentId: sfs[0].deploymentId });
    expect(one.body.data.deployment).toMatchObject({
      locationName: 'Santa Fe Subaru South',
      version: 2,
      kind: 'redeploy',
      shortcutCount: 5,
    });
    expect(one.body.data.deployment.shortcuts).toContainEqual({
      shortcut: 'thanks',
      message: 'Thank you for choosing Santa Fe Subaru South!',
      keywords: [],
    });

    expect(
      ((await nm.act(loadDeployments, {})).body.data.rows as typeof rows).every((r) =>
        [loc.ABG, loc.ABH, loc.SFS, loc.LCF].includes(r.locationId),
      ),
    ).toBe(true);
    const [denver] = await t.db
      .select({ id: deployments.id })
      .from(deployments)
      .where(eq(deployments.locationId, loc.DNC));
    const hidden = await nm.act(loadDeployment, { deploymentId: denver.id });
    expect(hidden.status).toBe(404);
    expect(hidden.body.errors[0]).toBe('That deployment does not exist.');
  });
});

describe('refusals', () => {
  it('refuses bad input with a sentence naming the field, changing nothing', async () => {
    const before = await stored();
    const cases: [Contract, Record<string, unknown>, number, string][] = [
      [addShortcut, { locationId: loc.ABG, shortcut: '', message: 'Hi', keywords: '' }, 400, 'Shortcut is required.'],
      [
        addShortcut,
        { locationId: loc.ABG, shortcut: 'hours!', message: 'Hi', keywords: '' },
        400,
        'Shortcut must be letters, digits, spaces or dashes, such as trade-in.',
      ],
      [addShortcut, { locationId: loc.ABG, shortcut: 'lot', message: '', keywords: '' }, 400, 'Message is required.'],
      [
        addShortcut,
        { locationId: loc.ABG, shortcut: 'lot', message: 'Hi', keywords: ['open?'] },
        400,
        'Keywords must each be one word, such as hours.',
      ],
      [
        addShortcut,
        { locationId: loc.ABG, shortcut: 'lot', message: 'Visit [locaton_name] today', keywords: '' },
        400,
        'Message names [locaton_name], which is not a shortcode.',
      ],
      [
        addShortcut,
        { locationId: loc.ABG, shortcut: 'trade-in', message: 'Hi', keywords: '' },
        409,
        'Albuquerque Toyota already has a shortcut named trade-in.',
      ],
      [
        addShortcut,
        { locationId: loc.ABG, shortcut: 'lot', message: 'Hi', keywords: 'where' },
        409,
        'Keyword where already answers with the address shortcut.',
      ],
      [
        saveShortcut,
        { shortcutId: 999999, shortcut: 'lot', message: 'Hi', keywords: '' },
        404,
        'That shortcut does not exist.',
      ],
      [deleteShortcut, { shortcutId: 'x' }, 400, 'Shortcut must be a record number.'],
      [deploy, {}, 400, 'Location is required.'],
      [redeploy, { locationIds: ['x'] }, 400, 'Locations must be a record number.'],
      [deploy, { locationId: 999999 }, 404, 'That location does not exist.'],
    ];
    for (const [contract, input, code, sentence] of cases) {
      const res = await deployer.actRaw(contract, input);
      expect([contract.path, res.status, res.body.errors[0]]).toEqual([contract.path, code, sentence]);
    }
    // A store's own shortcut of a group default's name is allowed (it overrides it); the group's own name is not.
    const [address] = await t.db
      .select()
      .from(shortcuts)
      .where(and(isNull(shortcuts.locationId), eq(shortcuts.shortcut, 'address')));
    const rename = await deployer.act(saveShortcut, {
      shortcutId: address.id,
      shortcut: 'HOURS',
      message: address.message,
      keywords: address.keywords,
    });
    expect([rename.status, rename.body.errors[0]]).toEqual([409, 'The group already has a shortcut named HOURS.']);
    expect(await stored()).toEqual(before);
  });

  it("keeps the group's shortcuts to group-wide users, and stores to those who reach them", async () => {
    const before = await stored();
    const [groupHours] = await t.db
      .select()
      .from(shortcuts)
      .where(and(isNull(shortcuts.locationId), eq(shortcuts.shortcut, 'hours')));
    const [denverHours] = await t.db
      .select()
      .from(shortcuts)
      .where(and(eq(shortcuts.locationId, loc.DNC), eq(shortcuts.shortcut, 'hours')));
    const addGroup = await nm.act(addShortcut, { shortcut: 'lot', message: 'Hi', keywords: '' });
    expect([addGroup.status, addGroup.body.errors[0]]).toEqual([
      403,
      "Only a group-wide user changes the group's shortcuts.",
    ]);
    for (const shortcutId of [groupHours.id, denverHours.id]) {
      const save = await nm.act(saveShortcut, { shortcutId, shortcut: 'hours', message: 'Closed', keywords: '' });
      expect([save.status, save.body.errors[0]]).toEqual([404, 'That shortcut does not exist.']);
      expect((await nm.act(deleteShortcut, { shortcutId })).status).toBe(404);
    }
    expect(
      (await nm.act(addShortcut, { locationId: loc.DNC, shortcut: 'lot', message: 'Hi', keywords: '' })).status,
    ).toBe(404);
    for (const contract of [deploy, redeploy]) {
      expect((await nm.act(contract, { locationId: loc.DNC })).status, contract.path).toBe(404);
      const several = await nm.act(contract, { locationIds: [loc.ABG, loc.DNC] });
      expect([several.status, several.body.errors[0]]).toEqual([404, 'That location does not exist.']);
    }
    // Without the flags.
    const marketer = await t.signedIn(['marketing']);
    expect(
      (await marketer.act(addShortcut, { locationId: loc.ABG, shortcut: 'lot', message: 'Hi', keywords: '' })).status,
    ).toBe(403);
    expect((await marketer.act(loadShortcuts, {})).status).toBe(403);
    expect((await editor.act(redeploy, { locationId: loc.ABG })).status).toBe(403);
    expect(await stored()).toEqual(before);
  });

  it('refuses to deploy a store with no shortcuts at all', async () => {
    await t.db.delete(shortcuts);
    const before = await stored();
    const res = await deployer.act(deploy, { locationId: loc.ELP });
    expect([res.status, res.body.errors[0]]).toEqual([
      409,
      'El Paso Nissan has no shortcuts to deploy: add one first.',
    ]);
    expect(await stored()).toEqual(before);
  });
});
