import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import type { InjectOptions } from 'fastify';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

const TOKEN = 'a-scraper-token-of-some-length';
const SHELL = '<!doctype html><html lang="en"><head><title>Meeple Haven</title></head><body><div id="root"></div></body></html>';
/** Headers that differ between any two answers. */
const VARYING = new Set(['date', 'x-request-id', 'content-length', 'connection', 'keep-alive']);
const headersOf = (headers: Record<string, unknown>) => Object.fromEntries(Object.entries(headers).filter(([name]) => !VARYING.has(name)));

let root: string;
const logged: { level: number; err?: unknown; msg?: string }[] = [];
const logger = pino({ level: 'info' }, { write: (line: string) => void logged.push(JSON.parse(line) as (typeof logged)[number]) });

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'cafe-refused-'));
  mkdirSync(join(root, 'dist', 'assets'), { recursive: true });
  writeFileSync(join(root, 'dist', 'index.html'), SHELL);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Everyone /metrics refuses: a proxied request, a wrong token, a query from outside, a remote POST. */
const REFUSED: InjectOptions[] = [
  { url: '/metrics', headers: { 'x-forwarded-for': '1.2.3.4' } },
  { url: '/metrics', headers: { forwarded: 'for=1.2.3.4' } },
  { url: '/metrics', remoteAddress: '203.0.113.7', headers: { authorization: 'Bearer wrong-token-wrong-token' } },
  { url: '/metrics?x=1', remoteAddress: '203.0.113.7' },
  { url: '/metrics?x=1', headers: { 'x-forwarded-for': '1.2.3.4' } },
];

describe.each([
  ['with the web app built', true],
  ['without a web build', false],
])('/metrics refused, %s', (_name, withWeb) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN, ...(withWeb ? { WEB_DIST: join(root, 'dist') } : {}) }, logger });
  });
  afterAll(() => t.close());

  it("answers exactly the site's 404 for an unknown path (status, body, headers), and logs no error", async () => {
    logged.length = 0;
    const unknown = await t.app.inject({ url: '/no-such-page', remoteAddress: '203.0.113.7' });
    expect(unknown.statusCode).toBe(404);
    for (const request of REFUSED) {
      const refused = await t.app.inject(request);
      const label = JSON.stringify(request);
      expect(refused.statusCode, label).toBe(404);
      // The same words for the path asked for: nothing tells the caller the endpoint exists.
      expect(refused.body, label).toBe(unknown.body.replaceAll('/no-such-page', '/metrics'));
      expect(headersOf(refused.headers), label).toEqual(headersOf(unknown.headers));
    }
    expect(logged.filter((line) => line.level >= 40 || line.err !== undefined)).toEqual([]);
  });

  it('still answers the loopback monitor and the token holder', async () => {
    expect((await t.app.inject('/metrics?x=1')).statusCode).toBe(200);
    const withToken = await t.app.inject({ url: '/metrics', remoteAddress: '203.0.113.7', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(withToken.statusCode).toBe(200);
  });
});
