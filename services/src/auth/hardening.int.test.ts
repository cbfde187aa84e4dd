import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyPluginAsync } from 'fastify';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signIn, signInAdmin } from '../../test/auth.js';
import { features } from '../features.js';
import { CROSS_ORIGIN_MESSAGE, originAllowed } from '../platform/http/security.js';
import { loadConfig } from '../platform/config.js';
import { DEV_OIDC_REFUSAL, startDevOidcProvider } from '../dev-oidc/dev-oidc-provider.js';
import { withDevOidc } from '../dev-oidc/index.js';

/** A real identity provider's settings: production refuses to start without them. */
const realIssuer = { OIDC_ISSUER: 'https://accounts.example', OIDC_CLIENT_ID: 'cafe', OIDC_CLIENT_SECRET: 'secret' };

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const booking = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '(262) 555-0100',
  partySize: 4,
  date: '2026-11-21',
  time: '12:00',
};

describe('Origin check on state-changing staff requests', () => {
  it('refuses a cross-origin POST to an admin route with 403, even with an admin session, and appends nothing', async () => {
    t = await createTestApp();
    const admin = await signInAdmin(t, 'owner@example.com');
    const before = (await t.runtime.eventStore.readAll()).length;
    for (const headers of [
      { ...admin.headers, origin: 'https://evil.example' },
      { cookie: admin.cookie, referer: 'https://evil.example/page' },
      { cookie: admin.cookie }, // neither Origin nor Referer
      { ...admin.headers, origin: 'null' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/whitelist', headers, payload: { email: 'x@example.com' } });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(CROSS_ORIGIN_MESSAGE);
    }
    const crossDelete = await t.app.inject({
      method: 'DELETE',
      url: '/api/reservations/00000000-0000-4000-8000-000000000000',
      headers: { cookie: admin.cookie, origin: 'https://evil.example' },
    });
    expect(crossDelete.statusCode).toBe(403);
    const crossLogout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: admin.cookie, origin: 'https://evil.example' },
    });
    expect(crossLogout.statusCode).toBe(403);
    expect((await t.runtime.eventStore.readAll()).length).toBe(before);

    // The same request from the site itself (Origin, or only a same-origin Referer) goes through.
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/admin/whitelist',
      headers: admin.headers,
      payload: { email: 'x@example.com' },
    });
    expect(own.statusCode).toBe(201);
    const byReferer = await t.app.inject({
      method: 'POST',
      url: '/api/admin/whitelist',
      headers: { cookie: admin.cookie, referer: `${t.config.publicUrl}/admin` },
      payload: { email: 'y@example.com' },
    });
    expect(byReferer.statusCode).toBe(201);
  });

  it('leaves the public booking POST and reads alone', async () => {
    t = await createTestApp();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: { origin: 'https://elsewhere.example' },
      payload: booking,
    });
    expect(res.statusCode).toBe(201);
    const admin = await signInAdmin(t);
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/admin/whitelist',
      headers: { cookie: admin.cookie, origin: 'https://evil.example' },
    });
    expect(read.statusCode).toBe(200);
  });

  it("accepts only PUBLIC_URL's origin in production; other loopback ports only in development on loopback", () => {
    const dev = loadConfig({ PUBLIC_URL: 'http://localhost:3000' });
    expect(originAllowed(dev, 'http://localhost:3000')).toBe(true);
    expect(originAllowed(dev, 'http://localhost:5173')).toBe(true);
    expect(originAllowed(dev, 'https://evil.example')).toBe(false);
    const prod = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://cafe.example',
      MAIL_TRANSPORT: 'outbox',
      SESSION_SECRET: 'x'.repeat(32),
      GUEST_LINK_SECRET: 'g'.repeat(32),
      ...realIssuer,
    });
    expect(originAllowed(prod, 'https://cafe.example')).toBe(true);
    expect(originAllowed(prod, 'http://cafe.example')).toBe(false);
    expect(originAllowed(prod, 'https://cafe.example.evil.example')).toBe(false);
    expect(originAllowed(prod, 'http://localhost:3000')).toBe(false);
  });
});

describe('admin routes are closed even when a handler forgets its guard', () => {
  it('answers 401/403 for an unguarded /api/admin route, and the route table flags it', async () => {
    const careless: FastifyPluginAsync = async (app) => {
      app.get('/admin/careless', async () => ({ secret: 'guest list' }));
      app.post('/admin/careless', { schema: {} }, async () => ({ ok: true }));
    };
    t = await createTestApp({ features: [...features, { name: 'careless', routes: careless }] });
    const entry = t.app.routeTable().find((r) => r.url === '/api/admin/careless' && r.method === 'GET');
    expect(entry?.requiresAdmin).toBe(false); // what access-matrix.int.test.ts asserts is never the case
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/careless' })).statusCode).toBe(401);
    const guest = await signIn(t, 'guest@example.com');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/careless', headers: guest.headers })).statusCode).toBe(403);
    // Closed before the body is even parsed: no 415 for a visitor's odd content type.
    const odd = await t.app.inject({
      method: 'POST',
      url: '/api/admin/careless',
      headers: { origin: t.config.publicUrl, 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(odd.statusCode).toBe(401);
  });
});

describe('rate limits', () => {
  it('answers the RATE_LIMIT_MAX+1-th public booking POST in a minute with 429 and a clear JSON message', async () => {
    t = await createTestApp({ env: { RATE_LIMIT_MAX: '2' } });
    const post = () => t!.app.inject({ method: 'POST', url: '/api/reservations', payload: booking });
    expect((await post()).statusCode).toBe(201);
    expect((await post()).statusCode).toBe(201);
    const limited = await post();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toMatch(/application\/json/);
    expect(limited.json().message).toMatch(/^Too many requests: please wait \d+ (second|minute)s? and try again\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Each limited route has its own allowance; other routes are not limited at all.
    expect((await t.app.inject({ method: 'GET', url: '/api/login' })).statusCode).toBe(302);
    for (let i = 0; i < 5; i++) expect((await t.app.inject({ method: 'GET', url: '/api/blocked-dates' })).statusCode).toBe(200);
  });

  it('limits GET /api/login and POST /api/party-bookings too', async () => {
    t = await createTestApp({ env: { RATE_LIMIT_MAX: '1' } });
    expect((await t.app.inject({ method: 'GET', url: '/api/login' })).statusCode).toBe(302);
    const login = await t.app.inject({ method: 'GET', url: '/api/login' });
    expect(login.statusCode).toBe(429);
    expect(login.json().message).toMatch(/Too many requests/);
    await t.app.inject({ method: 'POST', url: '/api/party-bookings', payload: {} });
    expect((await t.app.inject({ method: 'POST', url: '/api/party-bookings', payload: {} })).statusCode).toBe(429);
  });

  it('RATE_LIMIT_MAX=0 turns the limit off', async () => {
    t = await createTestApp({ env: { RATE_LIMIT_MAX: '0' } });
    for (let i = 0; i < 40; i++) {
      expect((await t.app.inject({ method: 'POST', url: '/api/reservations', payload: {} })).statusCode).toBe(400);
    }
  });
});

describe('security headers', () => {
  it('sends pages a Content-Security-Policy the Vite/Blueprint app runs under: own scripts only, inline styles allowed', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/admin' });
    const csp = String(res.headers['content-security-policy']);
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `));
    expect(directive('script-src')).toBe("script-src 'self'");
    expect(directive('style-src')).toBe("style-src 'self' 'unsafe-inline'");
    expect(directive('img-src')).toBe("img-src 'self' data: blob: https:");
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive('object-src')).toBe("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests'); // http://localhost must keep working
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends JSON answers a policy that lets nothing load or frame them, without the page policy', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/business-info' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('adds HSTS and upgrade-insecure-requests when the site is https', async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://cafe.example' } });
    const page = await t.app.inject({ method: 'GET', url: '/admin' });
    expect(String(page.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    const api = await t.app.inject({ method: 'GET', url: '/api/business-info' });
    expect(api.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});

describe('the local OpenID provider', () => {
  it('refuses to start when NODE_ENV=production', async () => {
    await expect(
      startDevOidcProvider({ nodeEnv: 'production', client: { clientId: 'c', clientSecret: 's', redirectUris: ['http://localhost/cb'] } }),
    ).rejects.toThrow(DEV_OIDC_REFUSAL);
    // Past the config loader (which already refuses production without OIDC_*), the provider still refuses.
    const prod = {
      ...loadConfig({
        NODE_ENV: 'production',
        SESSION_SECRET: 'x'.repeat(32),
        GUEST_LINK_SECRET: 'g'.repeat(32),
        MAIL_TRANSPORT: 'outbox',
        ...realIssuer,
      }),
      oidc: {},
    };
    await expect(withDevOidc(prod)).rejects.toThrow(DEV_OIDC_REFUSAL);
  });

  it('is not started when OIDC_ISSUER is set', async () => {
    const config = loadConfig({ OIDC_ISSUER: 'https://accounts.example', OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 'secret' });
    const resolved = await withDevOidc(config);
    expect(resolved.provider).toBeNull();
    expect(resolved.config.oidc).toEqual(config.oidc);
  });

  it('shows a sign-in page with one text field labelled Email and a Sign in button, and rejects a bad address', async () => {
    t = await createTestApp();
    const login = await t.app.inject({ method: 'GET', url: '/api/login' });
    const jar: string[] = [];
    let res = await fetch(String(login.headers.location), { redirect: 'manual' });
    jar.push(...res.headers.getSetCookie().map((c) => c.split(';')[0]!));
    const pageUrl = new URL(res.headers.get('location')!, String(login.headers.location));
    res = await fetch(pageUrl, { headers: { cookie: jar.join('; ') } });
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html.match(/<input /g)).toHaveLength(1);
    expect(html).toMatch(/<label for="email">Email<\/label>\s*<input id="email" name="email" type="text"/);
    expect(html).toMatch(/<button type="submit">Sign in<\/button>/);
    expect(html).not.toMatch(/type="password"/i);
    const action = new URL(/action="([^"]+)"/.exec(html)![1]!, pageUrl);
    const bad = await fetch(action, {
      method: 'POST',
      headers: { cookie: jar.join('; '), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=not-an-email',
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Please enter a valid email address');
  });
});

describe('an unreachable identity provider', () => {
  it('keeps the public site up; only sign-in answers 503 with a message', async () => {
    t = await createTestApp({
      env: { OIDC_ISSUER: 'http://127.0.0.1:9/', OIDC_CLIENT_ID: 'cafe', OIDC_CLIENT_SECRET: 'secret' },
    });
    const login = await t.app.inject({ method: 'GET', url: '/api/login' });
    expect(login.statusCode).toBe(503);
    expect(login.json().message).toMatch(/sign-in is unavailable/i);
    expect((await t.app.inject({ method: 'GET', url: '/api/business-info' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
  });
});
