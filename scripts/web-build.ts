import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const built = 'dist/web/index.html';

function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) latest = Math.max(latest, newest(path));
    else if (/\.(tsx?|css|html)$/.test(entry.name) && !/\.(test|e2e)\.ts$/.test(entry.name)) latest = Math.max(latest, statSync(path).mtimeMs);
  }
  return latest;
}

/** Builds the web app when its sources are newer than the last build. */
export async function ensureWebBuilt(): Promise<void> {
  const sources = Math.max(
    newest('src/web'), newest('src/modules'), newest('src/shared'),
    ...['index.html', 'vite.config.ts', 'package-lock.json'].map((f) => statSync(f).mtimeMs),
  );
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  const { build } = await import('vite');
  console.log('Building the web app…');
  // A production build, as users get it, whatever NODE_ENV the caller runs with.
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ logLevel: 'warn', mode: 'production' });
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
}
