import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';

/**
 * A handler (or a list's query) reads in one screenful: past 40 lines it is several steps, and each
 * step is a named function beside it. Read from the source, as a reader meets it.
 */
const MAX_LINES = 40;

function longFunctions(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && /^define(List)?Action$/.test(node.expression.getText(source))) {
      const declaration = node.arguments[0];
      if (declaration && ts.isObjectLiteralExpression(declaration)) {
        for (const property of declaration.properties) {
          const name = property.name?.getText(source);
          if (name !== 'handler' && name !== 'query') continue;
          const lines =
            source.getLineAndCharacterOfPosition(property.getEnd()).line -
            source.getLineAndCharacterOfPosition(property.getStart(source)).line +
            1;
          if (lines > MAX_LINES)
            found.push(
              `${file}:${source.getLineAndCharacterOfPosition(property.getStart(source)).line + 1} ${name} has ${lines} lines`,
            );
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

it(`keeps every action's handler and every list's query within ${MAX_LINES} lines`, () => {
  const files = readdirSync('src', { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.server.ts'))
    .map((f) => join('src', f));
  expect(files.length).toBeGreaterThan(20);
  expect(files.flatMap(longFunctions)).toEqual([]);
});
