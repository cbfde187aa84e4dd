import { afterEach, describe, expect, it } from 'vitest';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { reservationBody } from '../../../test/booking-test-kit.js';
import { loadConfig } from '../config.js';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

/** Production as deployed behind nothing in particular: TRUST_PROXY unset. */
const production = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'x'.repeat(40),
  GUEST_LINK_SECRET: 'g'.repeat(40),
  OIDC_ISSUER: 'http://127.0.0.1:9/',
  OIDC_CLIENT_ID: 'cafe',
  OIDC_CLIENT_SECRET: 'secret',
  RATE_LIMIT_MAX: '2',
  // No mail server here: mail stays files, as production allows only when told.
  MAIL_TRANSPORT: 'outbox',
};

const book = (app: TestApp, forwardedFor: string) =>
  app.app.inject({ method: 'POST', url: '/api/reservations', headers: { 'x-forwarded-for': forwardedFor }, payload: reservationBody });

describe('TRUST_PROXY', () => {
  it('in production with TRUST_PROXY unset, a client-chosen X-Forwarded-For does not escape the public rate limit', async () => {
    t = await createTestApp({ env: production });
    expect((await book(t, '203.0.113.1')).statusCode).toBe(201);
    expect((await book(t, '203.0.113.2')).statusCode).toBe(201);
    const third = await book(t, '203.0.113.3');
    expect(third.statusCode).toBe(429);
  });

  it('TRUST_PROXY=1 trusts one hop: the address the proxy appended counts, not what the client wrote before it', async () => {
    t = await createTestApp({ env: { ...production, TRUST_PROXY: '1' } });
    // The proxy appends the real client address last; a client's own entries come before it.
    expect((await book(t, 'spoofed-1, 198.51.100.7')).statusCode).toBe(201);
    expect((await book(t, 'spoofed-2, 198.51.100.7')).statusCode).toBe(201);
    expect((await book(t, 'spoofed-3, 198.51.100.7')).statusCode).toBe(429);
    // Another real client has its own allowance.
    const other = await book(t, '198.51.100.8');
    expect(other.statusCode, other.body).toBe(201);
  });

  it('TRUST_PROXY as a list of proxy addresses believes X-Forwarded-For only from those proxies', async () => {
    t = await createTestApp({ env: { ...production, TRUST_PROXY: '10.0.0.0/8' } });
    // app.inject connects from 127.0.0.1, which is not in the list: its X-Forwarded-For is ignored.
    expect((await book(t, '198.51.100.1')).statusCode).toBe(201);
    expect((await book(t, '198.51.100.2')).statusCode).toBe(201);
    expect((await book(t, '198.51.100.3')).statusCode).toBe(429);
    await t.close();
    t = await createTestApp({ env: { ...production, TRUST_PROXY: '127.0.0.1' } });
    expect((await book(t, 'spoofed, 198.51.100.1')).statusCode).toBe(201);
    expect((await book(t, 'spoofed, 198.51.100.1')).statusCode).toBe(201);
    expect((await book(t, 'spoofed, 198.51.100.2')).statusCode).toBe(201);
  });

  it('reads a hop count, a list of proxy addresses, or none; anything else stops start-up naming it', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.0/8']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY.*true/);
  });
});

/** Opens a connection that sends part of a request's headers and never finishes them. */
function stall(port: number): Promise<{ socket: Socket; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
      // Read whatever the server answers (a 408), so its closing of the connection is seen.
      socket.resume();
      resolve({ socket, closed: new Promise((done) => socket.once('close', () => done())) });
    });
    socket.on('error', () => undefined);
    socket.once('error', reject);
  });
}

describe('slow clients', () => {
  it('closes connections that never finish their headers within HTTP_HEADERS_TIMEOUT_MS, and a new visitor is still served', async () => {
    t = await createTestApp({
      env: {
        HTTP_HEADERS_TIMEOUT_MS: '600',
        HTTP_REQUEST_TIMEOUT_MS: '1500',
        HTTP_CONNECTION_CHECK_MS: '200',
        HTTP_MAX_CONNECTIONS: '40',
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const stalled = await Promise.all(Array.from({ length: 30 }, () => stall(port)));
    const started = Date.now();
    // A new visitor is served while the stalled connections are still open.
    const visitor = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(visitor.status).toBe(200);
    const allClosed = Promise.all(stalled.map((s) => s.closed));
    const within = await Promise.race([allClosed.then(() => true), new Promise((r) => setTimeout(() => r(false), 4000))]);
    for (const s of stalled) s.socket.destroy();
    expect(within).toBe(true);
    expect(Date.now() - started).toBeLessThan(4000);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  });

  it('has defaults: headers within 30 s, a request timeout, keep-alive and connection timeouts and a connection cap', () => {
    const config = loadConfig({});
    expect(config.http.headersTimeoutMs).toBeGreaterThan(0);
    expect(config.http.headersTimeoutMs).toBeLessThanOrEqual(30_000);
    expect(config.http.requestTimeoutMs).toBeGreaterThanOrEqual(config.http.headersTimeoutMs);
    expect(config.http.keepAliveTimeoutMs).toBeGreaterThan(0);
    expect(config.http.connectionTimeoutMs).toBeGreaterThan(0);
    expect(config.http.maxConnections).toBeGreaterThan(0);
  });
});
