import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { renderPermissionsDoc } from './permissions-doc';

it('docs/permissions.md matches the action registry and the screens (run npm run docs:permissions)', async () => {
  expect(readFileSync('docs/permissions.md', 'utf8')).toBe(await renderPermissionsDoc());
});
