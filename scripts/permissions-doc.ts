/** Writes docs/permissions.md from the action registry, so the table cannot drift from the code. */
import { writeFileSync } from 'node:fs';
import { renderPermissionsDoc } from '../src/server/platform/permissions-doc';

writeFileSync('docs/permissions.md', await renderPermissionsDoc());
console.log('Wrote docs/permissions.md');
