/**
 * A new embedded data folder starts from the build's migrated dump (decision 050): every migration is
 * there before the server migrates, and a folder that holds a database keeps it.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureEmbeddedTemplate, openDatabase } from './client';
import { embeddedTemplatePath, migrationsFolder } from './template';

const dir = mkdtempSync(join(tmpdir(), 'forecourt-template-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const journal: { entries: unknown[] } = JSON.parse(
  readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
);

describe('the embedded database template', () => {
  it('gives a new data folder every migration before the server migrates, and leaves a used one as it is', async () => {
    await ensureEmbeddedTemplate();
    expect(embeddedTemplatePath()).toMatch(/dist\/embedded-[0-9a-f]{16}\.tar\.gz$/);

    const first = await openDatabase({ dataDir: dir });
    const { rows } = await first.pglite!.query<{ n: number }>(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    expect(rows[0].n).toBe(journal.entries.length);
    await first.pglite!.exec(`insert into locations (name, code) values ('Santa Fe Kept', 'SFK')`);
    await first.close();

    const again = await openDatabase({ dataDir: dir });
    const kept = await again.pglite!.query<{ name: string }>(`select name from locations where code = 'SFK'`);
    expect(kept.rows).toEqual([{ name: 'Santa Fe Kept' }]);
    await again.close();
  });
});
