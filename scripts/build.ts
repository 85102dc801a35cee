/**
 * The production build: the web app (Vite) and the server (one ESM bundle of our code; packages stay
 * in node_modules), and the migrated embedded database new data folders start from. Each is rebuilt
 * only when its sources are newer than its last build, so `npm start` costs nothing on a second run.
 * `npm run build` runs this file.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCallback } from 'node:zlib';

/** What `npm start`, the bench and the browser tests run: node dist/server/main.mjs. */
export const SERVER_ENTRY = 'dist/server/main.mjs';
const WEB_INDEX = 'dist/web/index.html';
const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) latest = Math.max(latest, newest(path));
    else if (/\.(tsx?|css|html)$/.test(entry.name) && !/\.(test|e2e)\.ts$/.test(entry.name))
      latest = Math.max(latest, statSync(path).mtimeMs);
  }
  return latest;
}

const stale = (built: string, dirs: string[], files: string[]) =>
  !existsSync(built) ||
  statSync(built).mtimeMs < Math.max(...dirs.map(newest), ...files.map((f) => statSync(f).mtimeMs));

/** What a browser downloads as text; source maps are left as they are (read only by developer tools). */
const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt)$/;

/**
 * Writes `.br` (brotli at its best) and `.gz` beside each file of the web build, once, at build time:
 * the server sends them as they are to browsers that accept them (decision 016), so no request pays
 * for compression and every browser gets the smallest bytes. The files are compressed side by side
 * on zlib's worker threads: 2.7–3.2 s on two cores, where one after another took 4.5–4.7 s.
 */
export async function precompress(dir: string): Promise<void> {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => COMPRESSIBLE.test(name))
    .map((name) => join(dir, name));
  await Promise.all(
    files.map(async (path) => {
      const content = readFileSync(path);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzip(content, { level: 9 }),
      ]);
      writeFileSync(`${path}.br`, br);
      writeFileSync(`${path}.gz`, gz);
    }),
  );
}

/** Builds the web app when its sources are newer than the last build. */
export async function ensureWebBuilt(): Promise<void> {
  if (
    !stale(WEB_INDEX, ['src/web', 'src/modules', 'src/shared'], ['index.html', 'vite.config.ts', 'package-lock.json'])
  )
    return;
  const { build } = await import('vite');
  console.log('Building the web app…');
  // A production build, as users get it, whatever NODE_ENV the caller runs with.
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ logLevel: 'warn', mode: 'production' });
    await precompress('dist/web');
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
}

/**
 * Builds the server when its sources are newer than the last build. Served from plain JavaScript, a
 * process holds 70 MB less than under tsx (its compiled sources and source maps) and starts sooner
 * (decision 009). The entry sets NODE_ENV before the rest loads, so it is split from the server.
 */
export async function ensureServerBuilt(): Promise<void> {
  if (!stale(SERVER_ENTRY, ['src/server', 'src/modules', 'src/shared'], ['package-lock.json'])) return;
  const { build } = await import('esbuild');
  console.log('Building the server…');
  // Chunks are named by their hash: a folder rebuilt in place would keep every old one.
  rmSync('dist/server', { recursive: true, force: true });
  await build({
    entryPoints: { main: 'src/server/production.ts' },
    outdir: 'dist/server',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

/**
 * Dumps a migrated embedded database for new data folders to start from (src/server/db/template.ts,
 * decision 050), unless the current migrations have one.
 */
export async function ensureEmbeddedTemplate(): Promise<void> {
  // Looked for before the database client is loaded: a start with nothing to build stays quick.
  const { embeddedTemplatePath } = await import('../src/server/db/template');
  if (existsSync(embeddedTemplatePath())) return;
  const { ensureEmbeddedTemplate: ensure } = await import('../src/server/db/client');
  await ensure();
}

/** Everything `npm start` serves from: the web app, the server and the embedded database's dump. */
export async function ensureBuilt(): Promise<void> {
  await ensureWebBuilt();
  await ensureServerBuilt();
  await ensureEmbeddedTemplate();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await ensureBuilt();
