import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/**
 * A new embedded database starts from a dump of a cluster with every migration applied (decision
 * 050): making a cluster and migrating it took 4–9 s of a first start, loading the dump takes about
 * one. The build makes the dump (`scripts/build.ts`); it is named for the migrations and the PGlite
 * version it was made with, so a server never starts from a dump of other migrations: without a dump
 * of its own, it makes the cluster and migrates it as before.
 */

/** The repository's `drizzle` folder, found from the source tree and from the built server (dist/server) alike. */
function findMigrations(dir = import.meta.dirname): string {
  if (existsSync(join(dir, 'drizzle', 'meta', '_journal.json'))) return join(dir, 'drizzle');
  if (dirname(dir) === dir) throw new Error('The drizzle migrations folder was not found above the server.');
  return findMigrations(dirname(dir));
}
export const migrationsFolder = findMigrations();

const pgliteVersion = (): string => {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  return JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')).version;
};

let templatePath: string | undefined;

/**
 * Where the dump for these migrations and this PGlite lives: beside the built server. Worked out once
 * a process: the migrations a process runs do not change under it.
 */
export function embeddedTemplatePath(): string {
  if (templatePath) return templatePath;
  const hash = createHash('sha256').update(pgliteVersion());
  for (const name of readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort())
    if (name.endsWith('.sql') || name.endsWith('_journal.json'))
      hash.update(name).update(readFileSync(join(migrationsFolder, name)));
  templatePath = join(dirname(migrationsFolder), 'dist', `embedded-${hash.digest('hex').slice(0, 16)}.tar.gz`);
  return templatePath;
}

/** The dump a new data folder starts from, when the build has made one for these migrations. */
export function embeddedTemplate(): Blob | undefined {
  const path = embeddedTemplatePath();
  return existsSync(path) ? new Blob([readFileSync(path)]) : undefined;
}

/**
 * Writes the dump for these migrations unless it is there, and removes dumps of other migrations.
 * `migrated` is a new in-memory PGlite with every migration applied.
 */
export async function writeEmbeddedTemplate(migrated: () => Promise<PGlite>): Promise<void> {
  const path = embeddedTemplatePath();
  if (existsSync(path)) return;
  const part = `${path}.${process.pid}.part`;
  const pglite = await migrated();
  try {
    await pglite.exec('checkpoint');
    await dropSpareWal(pglite);
    const dump = await pglite.dumpDataDir('gzip');
    // Written whole under its final name: a server starting meanwhile reads all of it or none.
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(part, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await pglite.close();
  }
  for (const name of readdirSync(dirname(path)))
    if (/^embedded-[0-9a-f]{16}\.tar\.gz$/.test(name)) rmSync(join(dirname(path), name));
  renameSync(part, path);
}

/**
 * Removes the write-ahead log's spare segments (PostgreSQL keeps recycled 16 MB files for the writes
 * to come, and makes new ones when it needs them) from a database just checkpointed: a copy then
 * holds only the segments a start reads (the test templates: 102 MB to 69).
 */
export async function dropSpareWal(pglite: PGlite): Promise<void> {
  const {
    rows: [{ redo, current }],
  } = await pglite.query<{ redo: string; current: string }>(
    'select redo_wal_file as redo, pg_walfile_name(pg_current_wal_lsn()) as current from pg_control_checkpoint()',
  );
  const { FS } = pglite.Module;
  const dir = `${pglite.Module.ENV.PGDATA}/pg_wal`;
  for (const name of FS.readdir(dir) as string[])
    if (/^[0-9A-F]{24}$/.test(name) && name !== redo && name !== current) FS.unlink(`${dir}/${name}`);
}
