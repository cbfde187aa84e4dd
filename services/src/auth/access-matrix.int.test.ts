import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signIn, signInAdmin, type SignedIn } from '../../test/auth.js';
import { STAFF_ROUTES, isAdminPath, type RouteEntry } from '../platform/http/security.js';

/**
 * Every admin and staff route × {anonymous, signed-in non-admin, admin}. The routes come from the
 * app itself (every route registered, through the security plugin's onRoute hook), so a route
 * added later under /api/admin is covered without touching this file.
 */
describe('access matrix: every admin and staff route', () => {
  let t: TestApp;
  let guest: SignedIn;
  let admin: SignedIn;
  let routes: RouteEntry[];
  const site = () => ({ origin: t.config.publicUrl });

  const guestDetails = { name: 'Grace Hopper', email: 'grace.private@example.com', phone: '(414) 555-0199' };

  beforeAll(async () => {
    t = await createTestApp();
    guest = await signIn(t, 'guest@example.com');
    admin = await signInAdmin(t, 'owner@example.com');
    routes = t.app.routeTable();
    // Personal data that must never reach a non-admin.
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/reservations',
      payload: { ...guestDetails, partySize: 4, date: '2026-11-21', time: '12:00', specialRequests: 'allergic to peanuts' },
    });
    expect(booked.statusCode).toBe(201);
  });
  afterAll(async () => {
    await t.close();
  });

  const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
  const concrete = (url: string) =>
    url.replace(/:email/g, encodeURIComponent('someone@example.com')).replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
  const call = (route: { method: string; url: string }, headers: Record<string, string>) =>
    t.app.inject({
      method: route.method as 'GET',
      url: concrete(route.url),
      headers: { ...site(), ...headers },
      ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
    });

  const guarded = () => {
    const fromApp = routes.filter((r) => isAdminPath(r.url) || r.requiresAdmin);
    const staff = STAFF_ROUTES.map((s) => {
      const [method, url] = s.split(' ') as [string, string];
      return { method, url, requiresAdmin: true };
    });
    const all = new Map([...fromApp, ...staff].map((r) => [key(r), r]));
    return [...all.values()].sort((a, b) => key(a).localeCompare(key(b)));
  };

  it('finds the admin routes in the app (the whitelist at least) and every staff route is registered', () => {
    const registered = new Set(routes.map(key));
    expect(registered).toContain('GET /api/admin/whitelist');
    const missing = STAFF_ROUTES.filter((r) => !registered.has(r));
    expect(missing, `staff routes not registered (yet): ${missing.join(', ')}`).toEqual([]);
  });

  it('every /api/admin route declares requireAdmin itself (the platform also enforces it)', () => {
    const undeclared = routes.filter((r) => isAdminPath(r.url) && r.method !== 'HEAD' && !r.requiresAdmin).map(key);
    expect(undeclared).toEqual([]);
  });

  it('anonymous → 401, signed-in non-admin → 403, admin → neither, for each of them', async () => {
    const failures: string[] = [];
    for (const route of guarded()) {
      const anonymous = await call(route, {});
      const nonAdmin = await call(route, guest.headers);
      const asAdmin = await call(route, admin.headers);
      if (anonymous.statusCode !== 401) failures.push(`${key(route)} anonymous → ${anonymous.statusCode}`);
      if (nonAdmin.statusCode !== 403) failures.push(`${key(route)} non-admin → ${nonAdmin.statusCode}`);
      if ([401, 403].includes(asAdmin.statusCode)) failures.push(`${key(route)} admin → ${asAdmin.statusCode} ${asAdmin.body}`);
      if (
        asAdmin.statusCode === 404 &&
        (route.method === 'HEAD' ? anonymous.statusCode === 404 : asAdmin.body.includes('No such endpoint'))
      )
        failures.push(`${key(route)} is not registered`);
      for (const res of [anonymous, nonAdmin]) {
        if (route.method !== 'HEAD' && !String(res.headers['content-type']).includes('application/json'))
          failures.push(`${key(route)} answered ${res.statusCode} without JSON`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('GET /api/reservations and /api/party-bookings never return personal data to a non-admin', async () => {
    for (const url of ['/api/reservations', '/api/party-bookings']) {
      for (const headers of [{}, guest.headers]) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect([401, 403]).toContain(res.statusCode);
        expect(Object.keys(res.json())).toEqual(['message']);
        expect(res.body).not.toContain(guestDetails.email);
      }
    }
    const asAdmin = await t.app.inject({ method: 'GET', url: '/api/reservations', headers: admin.headers });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.body).toContain(guestDetails.email);
  });

  it("no public GET route returns a guest's name, e-mail, phone or requests to anyone but an admin", async () => {
    const publicGets = routes.filter((r) => r.method === 'GET' && r.url.startsWith('/api/') && !guarded().some((g) => key(g) === key(r)));
    expect(publicGets.length).toBeGreaterThan(0);
    const leaks: string[] = [];
    for (const route of publicGets) {
      for (const headers of [{}, guest.headers]) {
        const res = await t.app.inject({ method: 'GET', url: concrete(route.url), headers });
        for (const secret of [guestDetails.name, guestDetails.email, guestDetails.phone, 'allergic to peanuts']) {
          if (res.body.includes(secret)) leaks.push(`${route.url} → ${secret}`);
        }
      }
    }
    expect(leaks).toEqual([]);
  });
});
