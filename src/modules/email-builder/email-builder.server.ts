import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { defineAction } from '../../server/platform/actions';
import { AppError } from '../../server/platform/errors';
import { defineListAction, equals, matches } from '../../server/platform/lists';
import { insertRecord, loadRecord, updateRecord } from '../../server/platform/records';
import { searchText } from '../../server/platform/search';
import { withinReach } from '../../server/platform/reach';
import { locations } from '../locations/locations.db';
import {
  convertHtml,
  deleteTemplate,
  getShortcodes,
  loadTemplate,
  loadTemplates,
  saveTemplate,
  sendTest,
  templateColumns,
} from './email-builder.contract';
import { emailTemplates, pieceCount, templateRecords } from './email-builder.db';
import { compileStored, templateOf, templateShortcodes } from './templates';
import './imports.server';

const templateSearch = searchText(emailTemplates.name);

defineListAction({
  contract: loadTemplates,
  summary: 'Email templates, found by name or store.',
  permission: 'emailBuilder',
  reach: emailTemplates.locationId,
  bench: (s) => [
    { name: 'location', filters: { locationId: s.locationId } },
    { name: "all, a region's user", filters: {}, regional: true },
    { name: 'search', filters: { query: 'offers' } },
  ],
  columns: templateColumns,
  sorts: { name: emailTemplates.name, updatedAt: emailTemplates.updatedAt },
  defaultSort: 'updatedAt',
  defaultDir: 'desc',
  id: { key: 'templateId', column: emailTemplates.id },
  filters: { query: matches(templateSearch), locationId: equals(emailTemplates.locationId) },
  query: ({ db }) => ({
    select: db
      .select({
        templateId: emailTemplates.id,
        name: emailTemplates.name,
        location: locations.name,
        locationId: emailTemplates.locationId,
        pieceCount: pieceCount.as('piece_count'),
        locked: emailTemplates.locked,
        updatedAt: emailTemplates.updatedAt,
      })
      .from(emailTemplates)
      .innerJoin(locations, eq(locations.id, emailTemplates.locationId))
      .$dynamic(),
  }),
});

defineAction({
  contract: loadTemplate,
  summary: 'One template with its options and pieces, for the builder.',
  permission: 'emailBuilder',
  reach: { templateId: templateRecords },
  readOnly: true,
  async handler(ctx) {
    const row = await loadRecord(ctx, templateRecords, ctx.input.templateId);
    const [store] = await ctx.db
      .select({ name: locations.name })
      .from(locations)
      .where(eq(locations.id, row.locationId));
    return { template: templateOf(row, store.name) };
  },
});

type SaveInput = z.output<typeof saveTemplate.input>;

const valuesOf = ({ templateId: _t, clone: _c, revision, ...options }: SaveInput) => ({
  ...options,
  customTheme: options.customTheme ?? null,
  customInventoryUrl: options.customInventoryUrl ?? null,
  customServiceUrl: options.customServiceUrl ?? null,
  revision: revision ?? 0,
});

defineAction({
  contract: saveTemplate,
  summary:
    "Saves a template's options and pieces (the builder autosaves); a save of an older change than the stored one is not written.",
  permission: 'emailBuilder',
  reach: { templateId: templateRecords },
  async handler(ctx) {
    const { input } = ctx;
    const values = valuesOf(input);
    if (!input.templateId || input.clone) {
      const row = await insertRecord(ctx, templateRecords, values);
      return { templateId: row.id, revision: row.revision, written: true };
    }
    // The row is held until this save ends: a second save of the same template waits, then reads this one's revision.
    await ctx.db.execute(
      sql`select 1 from ${emailTemplates} where ${emailTemplates.id} = ${input.templateId} for update`,
    );
    const before = await loadRecord(ctx, templateRecords, input.templateId);
    if (input.revision !== undefined && before.revision > input.revision)
      return { templateId: before.id, revision: before.revision, written: false };
    const { after } = await updateRecord(ctx, templateRecords, input.templateId, values);
    return { templateId: after.id, revision: after.revision, written: true };
  },
});

defineAction({
  contract: deleteTemplate,
  summary: 'Deletes one or many templates; a locked one is refused and nothing is deleted.',
  permission: 'emailBuilder',
  reach: { templateIds: templateRecords },
  async handler(ctx) {
    const ids = [...new Set(ctx.input.templateIds)];
    const rows = await ctx.db
      .select()
      .from(emailTemplates)
      .where(and(inArray(emailTemplates.id, ids), withinReach(ctx.user.reach, emailTemplates.locationId)));
    if (rows.length < ids.length) throw AppError.notFound('That email template does not exist.');
    const locked = rows.find((r) => r.locked);
    if (locked) throw AppError.conflict(`${locked.name} is locked; unlock it before deleting it.`);
    await ctx.db.delete(emailTemplates).where(inArray(emailTemplates.id, ids));
    for (const before of rows) ctx.audit({ recordType: templateRecords.type, recordId: before.id, before });
    return { deleted: rows.length };
  },
});

defineAction({
  contract: convertHtml,
  summary: 'Compiles a template to the HTML that is sent (MJML), with its size in bytes.',
  permission: 'emailBuilder',
  reach: { templateId: templateRecords },
  readOnly: true,
  async handler(ctx) {
    return compileStored(ctx.db, await loadRecord(ctx, templateRecords, ctx.input.templateId));
  },
});

defineAction({
  contract: getShortcodes,
  summary: "The shortcodes a template may use, with its store's values and its own links.",
  permission: 'emailBuilder',
  reach: { templateId: templateRecords },
  readOnly: true,
  async handler(ctx) {
    const row = await loadRecord(ctx, templateRecords, ctx.input.templateId);
    return { shortcodes: (await templateShortcodes(ctx.db, row)).shortcodes };
  },
});

defineAction({
  contract: sendTest,
  summary: 'Sends one test of a compiled email to one address through the mail provider.',
  permission: 'emailBuilder',
  // The address is the caller's to choose (their own inbox); no record of a store is read.
  reach: 'group',
  rateLimit: 20,
  // Nothing of ours is written but the call's audit row: the mail server is asked with no transaction open.
  outside: true,
  async handler(ctx) {
    const { to, subject, html, locationName } = ctx.input;
    const text = `Test of an email for ${locationName}. Open it in a mail reader that shows HTML to see it as customers will.`;
    return ctx.services.mail.send(ctx.db, { to, subject: `[Test] ${subject}`, text, html });
  },
});
