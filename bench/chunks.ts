/**
 * `npx tsx bench/chunks.ts [--web <folder>] [--only <parts>] [--no-own] [--json <file>]`: the web half
 * of `npm run bench` alone (every screen opened twice: half an hour on a busy two-core host, half that
 * with `--no-own`). Counts the JavaScript files of a build, then serves it from the built server on a
 * new embedded database with the demo group and measures in Chromium (bench/web.ts): the sign-in
 * screen, the home page and every screen opened cold (requests and bytes), and each screen's own
 * chunks after the home page.
 *
 * Without `--web` it measures dist/web (built first if its sources are newer, as `npm start` does).
 * `--web /tmp/x` measures another build (`npx vite build --outDir /tmp/x`), precompressed here as
 * scripts/build.ts would: a trial of the chunking costs no rebuild of dist/web, which the browser
 * tests use. `--only messenger,tools/repair-orders` opens only those screens.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureServerBuilt, ensureWebBuilt, precompress } from '../scripts/build';
import { startServer } from './server';
import { buildFiles, describeCold, measureWebTransfer } from './web';

const { values: args } = parseArgs({
  options: {
    web: { type: 'string' },
    only: { type: 'string' },
    'no-own': { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});

const DEMO_ADMIN = { username: 'admin', password: 'forecourt-demo', totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DP' };

/**
 * A folder to run the built server from, whose dist/web is the build to measure: the server serves
 * `dist/web` of its working folder and finds its migrations and data files above itself. The server
 * is copied, so a rebuild of dist/server by a test run meanwhile does not pull it away.
 */
function serverRoot(web: string): string {
  const root = mkdtempSync(join(tmpdir(), 'forecourt-chunks-'));
  for (const name of ['node_modules', 'drizzle', 'src', 'package.json']) symlinkSync(resolve(name), join(root, name));
  mkdirSync(join(root, 'dist'));
  cpSync('dist/server', join(root, 'dist', 'server'), { recursive: true });
  symlinkSync(resolve(web), join(root, 'dist', 'web'));
  return root;
}

const kb = (n: number) => `${n.toFixed(1)} KB`;

{
  await ensureServerBuilt();
  let web = args.web;
  if (!web) {
    await ensureWebBuilt();
    web = 'dist/web';
  }
  if (!readdirSync(join(web, 'assets')).some((f) => f.endsWith('.js.br'))) await precompress(web);
  const files = buildFiles(web);
  console.log(
    `${web}: ${files.js} JavaScript files (${files.small} under 4 KB), ${kb(files.gzKb)} gzipped in all; the entry and its static imports: ${files.entryFiles} files, ${kb(files.entryGzKb)} gzipped`,
  );
  const root = serverRoot(web);
  const removeRoot = () => {
    // The links first, so nothing they point at can be touched.
    for (const name of ['node_modules', 'drizzle', 'src', 'package.json', 'dist/web']) unlinkSync(join(root, name));
    rmSync(root, { recursive: true, force: true });
  };
  // Migrations and the demo seed: a few seconds on a quiet machine, minutes on a busy one.
  const server = startServer(
    { DATA_DIR: join(root, 'data'), DATABASE_URL: '', SEED_DEMO: '1', ADMIN_TOTP_SECRET: DEMO_ADMIN.totpSecret },
    { cwd: root, waitSeconds: 300 },
  );
  await server.ready.catch((error: unknown) => {
    removeRoot();
    throw error;
  });
  try {
    const transfer = await measureWebTransfer(server.baseURL, DEMO_ADMIN, {
      only: args.only?.split(',').filter(Boolean),
      own: !args['no-own'],
      progress: (line) => console.error(line),
    });
    console.log(describeCold(transfer).join('\n'));
    console.log(
      `${'home after sign-in, added'.padEnd(60)}${String(transfer.home.scripts).padStart(8)}${String(transfer.home.requests).padStart(9)}${kb(transfer.home.kb).padStart(11)}${kb(transfer.home.codeKb).padStart(11)}`,
    );
    if (transfer.screens.length) {
      console.log("screen's own code after the home page (budget 100 KB), largest five:");
      for (const s of transfer.screens.slice(0, 5))
        console.log(`  ${`${s.title} (/${s.path})`.padEnd(44)}${kb(s.codeKb).padStart(11)}`);
    }
    if (args.json) writeFileSync(args.json, `${JSON.stringify({ web, files, ...transfer }, null, 2)}\n`);
  } finally {
    await server.stop();
    removeRoot();
  }
}
