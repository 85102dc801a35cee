import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../tests/helpers';

let t: TestApp;
let root: string;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'forecourt-web-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(root, 'assets', 'index-abc.js'), 'console.log(1)');
  t = await testApp({ demo: false, webRoot: root });
});
afterAll(async () => { await t?.close(); });

it('serves the app for every screen route, chunks from /assets, and 404 for a missing file', async () => {
  const screen = await t.app.inject({ method: 'GET', url: '/users/edit?id=3' });
  expect(screen.statusCode).toBe(200);
  expect(screen.body).toContain('<div id="root">');
  expect(screen.headers['cache-control']).toBe('no-cache');
  const chunk = await t.app.inject({ method: 'GET', url: '/assets/index-abc.js' });
  expect(chunk.statusCode).toBe(200);
  expect(chunk.headers['cache-control']).toContain('immutable');
  expect((await t.app.inject({ method: 'GET', url: '/assets/gone-123.js' })).statusCode).toBe(404);
  expect((await t.app.inject({ method: 'GET', url: '/static/employees/10400.jpg' })).statusCode).toBe(404);
  expect((await t.app.inject({ method: 'GET', url: '/api/nothing' })).statusCode).toBe(404);
});

it('serves a chunk written after start (a deploy rebuilt the app)', async () => {
  writeFileSync(join(root, 'assets', 'Screen-new.js'), 'export default 1');
  expect((await t.app.inject({ method: 'GET', url: '/assets/Screen-new.js' })).statusCode).toBe(200);
});
