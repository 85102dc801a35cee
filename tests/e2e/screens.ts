/**
 * The screens every module declares, read from their `*.screens.ts` files as the web app's
 * `allScreens.ts` finds them: browser tests that walk or list every screen need no edit when a
 * module adds one.
 */
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ScreenDefinition } from '../../src/web/screens';

const modulesDir = resolve('src/modules');

export const declaredScreens: ScreenDefinition[] = [];
for (const area of readdirSync(modulesDir)) {
  for (const file of readdirSync(join(modulesDir, area)).filter((f) => f.endsWith('.screens.ts'))) {
    declaredScreens.push(...(await import(pathToFileURL(join(modulesDir, area, file)).href)).default);
  }
}

/**
 * The menu's labels for a user who may open everything, in the order the menus, the drawer and the
 * home show them: by the entries' declared order, each group where its first entry sits.
 */
export function menuLabels(): string[] {
  const entries = declaredScreens.flatMap((s) => (s.nav ? [s.nav] : [])).sort((a, b) => a.order - b.order);
  const groups = [...new Set(entries.map((e) => e.group))];
  return groups.flatMap((group) => entries.filter((e) => e.group === group).map((e) => e.label));
}
