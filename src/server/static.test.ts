import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../tests/helpers';
import { precompress } from '../../scripts/build';

let t: TestApp;
let root: string;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'forecourt-web-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(root, 'assets', 'index-abc.js'), 'console.log(1)');
  writeFileSync(
    join(root, 'assets', 'app-def.js'),
    `export const screens = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `screen ${i}`))};`,
  );
  await precompress(root);
  t = await testApp({ demo: false, webRoot: root });
});
afterAll(async () => {
  await t?.close();
});

it('serves the app for every screen route, chunks from /assets, and 404 for a missing file', async () => {
  const screen = await t.app.inject({ method: 'GET', url: '/users/edit?id=3' });
  expect(screen.statusCode).toBe(200);
  expect(screen.body).toContain('<div id="root">');
  expect(screen.headers['cache-control']).toBe('no-cache');
  const chunk = await t.app.inject({ method: 'GET', url: '/assets/index-abc.js' });
  expect(chunk.statusCode).toBe(200);
  expect(chunk.headers['cache-control']).toContain('immutable');
  // A chunk carries what a browser heeds on a script; the page's own policies stay on the page.
  expect(chunk.headers).toMatchObject({
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
  });
  expect(chunk.headers).not.toHaveProperty('content-security-policy');
  expect(screen.headers['content-security-policy']).toContain("default-src 'self'");
  expect(screen.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect((await t.app.inject({ method: 'GET', url: '/assets/gone-123.js' })).statusCode).toBe(404);
  expect((await t.app.inject({ method: 'GET', url: '/static/employees/10400.jpg' })).statusCode).toBe(404);
  expect((await t.app.inject({ method: 'GET', url: '/api/nothing' })).statusCode).toBe(404);
});

it('serves a chunk written after start (a deploy rebuilt the app)', async () => {
  writeFileSync(join(root, 'assets', 'Screen-new.js'), 'export default 1');
  expect((await t.app.inject({ method: 'GET', url: '/assets/Screen-new.js' })).statusCode).toBe(200);
});

it('sends each file as the build compressed it, by what the browser accepts', async () => {
  const plain = await t.app.inject({ method: 'GET', url: '/assets/app-def.js' });
  const get = (encoding: string) =>
    t.app.inject({ method: 'GET', url: '/assets/app-def.js', headers: { 'accept-encoding': encoding } });
  const br = await get('gzip, deflate, br');
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers.vary).toContain('accept-encoding');
  expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
  expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
  const gzip = await get('gzip');
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  expect(plain.headers['content-encoding']).toBeUndefined();
  // The page itself too, on any screen route.
  const page = await t.app.inject({ method: 'GET', url: '/users/', headers: { 'accept-encoding': 'br' } });
  expect(page.headers['content-encoding']).toBe('br');
  expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<div id="root">');
});

it("never counts the app's files against the requests an address may make in a minute", async () => {
  const limited = await testApp({ demo: false, webRoot: root, env: { RATE_LIMIT_PER_MINUTE: '20' } });
  try {
    const inject = (url: string) => limited.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' });
    const chunks = await Promise.all(Array.from({ length: 60 }, () => inject('/assets/index-abc.js')));
    expect(chunks.map((r) => r.statusCode)).toEqual(Array(60).fill(200));
    const calls = [];
    for (let i = 0; i < 25; i++) calls.push((await inject('/api/session')).statusCode);
    expect(calls.filter((status) => status === 429).length).toBeGreaterThan(0);
  } finally {
    await limited.close();
  }
});
