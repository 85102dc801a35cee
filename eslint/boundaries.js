/**
 * Boundaries between modules (docs/adding-a-module.md, "Imports between modules"), checked on every
 * relative import, re-export and dynamic import under src/: the target is resolved to a path, and its
 * module and file name decide.
 *
 * - A module (src/modules/A/) reaches another module B through three doors only: B's contract
 *   (B/*.contract.ts), its tables (B/*.db.ts) and its public functions (B/B.api.ts, one file per
 *   module, which re-exports nothing it does not own).
 * - Tests (*.test.ts, *.e2e.ts, *.suite.ts), wherever they are, go through the same three doors: they
 *   drive the app as a module would, by contract, reading tables to check what was stored. A platform
 *   test under src/server/ that walks every action (fuzz, reach, hardening) is held to the doors too,
 *   not to the platform's stricter rule below, since it needs lines and users to act on.
 * - The platform (src/server/) knows no module: it reaches them through src/server/modules.ts (the one
 *   list of `*.module.ts`) and src/server/scale/all.ts, plus the kernel's tables (KERNEL).
 * - The screens' shell and kit (src/web/) and src/shared/ import a module's contract or its `.api.ts`
 *   (which must then be isomorphic).
 */
import path from 'node:path';

/**
 * The platform's kernel: users, job codes and locations. Sessions, the demo seed's administrator,
 * the photo route and the fuzz suite read their tables; this is the one upward arrow, from the
 * platform to the kernel's tables (never to the kernel's other files).
 */
export const KERNEL = ['users', 'access', 'locations'];

const TEST_FILE = /\.(test|e2e|suite)\.tsx?$/;
const doors = (b) => `${b}/*.contract.ts, ${b}/*.db.ts or ${b}/${b}.api.ts`;

/** `{ area, file }` for a path inside src/modules/<area>/, the file's name without its extension. */
function moduleOf(srcDir, file) {
  const rel = path.relative(srcDir, file).split(path.sep);
  if (rel[0] !== 'modules' || rel.length < 3) return null;
  return { area: rel[1], file: rel.at(-1).replace(/\.(tsx?|jsx?|mjs)$/, '') };
}

const isContract = (t) => t.file.endsWith('.contract');
const isTables = (t) => t.file.endsWith('.db');
const isApi = (t) => t.file === `${t.area}.api`;

/** @type {import('eslint').Rule.RuleModule} */
const moduleImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Modules meet through their contract, their tables and their .api.ts only' },
    schema: [],
  },
  create(context) {
    const filename = context.filename ?? context.getFilename();
    const srcDir = path.resolve(context.cwd ?? process.cwd(), 'src');
    const rel = path.relative(srcDir, filename).split(path.sep).join('/');
    if (rel.startsWith('..')) return {};
    const self = moduleOf(srcDir, filename);
    const test = TEST_FILE.test(filename);

    function check(node, source) {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = moduleOf(srcDir, path.resolve(path.dirname(filename), source.value));
      if (!target) return;
      // An .api.ts re-exports only what its own module owns.
      if (
        self &&
        isApi(self) &&
        node.type !== 'ImportDeclaration' &&
        node.type !== 'ImportExpression' &&
        target.area !== self.area
      ) {
        context.report({
          node: source,
          message: `${self.area}/${self.file}.ts re-exports only what the ${self.area} module owns, not '${source.value}'.`,
        });
        return;
      }
      if (self && target.area === self.area) return;
      if (self || test) {
        if (isContract(target) || isTables(target) || isApi(target)) return;
        context.report({
          node: source,
          message: `${self ? `The ${self.area} module` : 'A test'} imports the ${target.area} module only through ${doors(target.area)}; '${source.value}' is none of them.`,
        });
        return;
      }
      if (rel.startsWith('server/')) {
        if (rel === 'server/modules.ts' && target.file.endsWith('.module')) return;
        if (rel === 'server/scale/all.ts' && target.file.endsWith('.scale')) return;
        if (KERNEL.includes(target.area) && isTables(target)) return;
        context.report({
          node: source,
          message: `The platform imports modules only in src/server/modules.ts (their .module.ts) and src/server/scale/all.ts, and reads only the kernel's tables (${KERNEL.map((k) => `${k}/*.db.ts`).join(', ')}); '${source.value}' is none of them: move what it needs to the platform, or reach it through the module's declaration.`,
        });
        return;
      }
      if (isContract(target) || isApi(target)) return;
      context.report({
        node: source,
        message: `Web and shared code imports the ${target.area} module only through ${target.area}/*.contract.ts or an isomorphic ${target.area}/${target.area}.api.ts; '${source.value}' is neither.`,
      });
    }

    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source : null),
    };
  },
};

export default { rules: { 'module-imports': moduleImports } };
