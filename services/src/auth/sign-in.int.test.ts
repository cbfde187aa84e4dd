import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signIn, signInAdmin } from '../../test/auth.js';
import { NOT_ADMIN_MESSAGE } from '../platform/http/auth-guard.js';
import { SESSION_COOKIE } from '../platform/http/sessions.js';
import { userStream } from '../users/user-decider.js';
import { devSubjectFor } from '../dev-oidc/dev-oidc-provider.js';

// Every sign-in here runs the real authorization-code flow (state, PKCE, nonce, ID token checked
// against the provider's JWKS) against the local OpenID provider on loopback.
describe('staff sign-in through OpenID Connect', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('anonymous: 401 on /api/auth/user and /api/admin/whitelist, and no session cookie is handed out', async () => {
    const user = await get('/api/auth/user');
    expect(user.statusCode).toBe(401);
    expect(user.json().message).toBeTruthy();
    const whitelist = await get('/api/admin/whitelist');
    expect(whitelist.statusCode).toBe(401);
    expect(String(whitelist.headers['set-cookie'] ?? '')).not.toContain(SESSION_COOKIE);
  });

  it('a visitor gets no session cookie, nor one whose cookie opens no session; signed in, the cookie works until logout', async () => {
    for (const cookie of [undefined, `${SESSION_COOKIE}=s%3Anot-a-session.bad`]) {
      const res = await get('/api/business-info', cookie ? { cookie } : {});
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['set-cookie'] ?? '')).not.toMatch(new RegExp(`${SESSION_COOKIE}=[^;]`));
    }
    const owner = await signInAdmin(t, 'owner@example.com');
    expect(owner.headers.cookie).toMatch(/^cafe\.sid=[\w-]{32}\./);
    expect((await get('/api/auth/user', owner.headers)).json()).toMatchObject({ email: 'owner@example.com', isAdmin: true });
  });

  it('GET /api/login redirects to the issuer with state, PKCE S256, nonce and the callback URL', async () => {
    const res = await get('/api/login');
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers.location));
    expect(location.origin).toBe(new URL(t.config.oidc.issuer!).origin);
    expect(location.searchParams.get('response_type')).toBe('code');
    expect(location.searchParams.get('scope')).toBe('openid email profile');
    expect(location.searchParams.get('redirect_uri')).toBe(`${t.config.publicUrl}/api/auth/callback`);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(location.searchParams.get('state')).toBeTruthy();
    expect(location.searchParams.get('nonce')).toBeTruthy();
  });

  it('a signed-in user who is not on the whitelist: sent to /admin/login?error=access_denied, 200 on /api/auth/user, 403 on the whitelist', async () => {
    const guest = await signIn(t, 'guest@example.com');
    expect(guest.redirectedTo).toBe('/admin/login?error=access_denied');
    const user = await get('/api/auth/user', guest.headers);
    expect(user.statusCode).toBe(200);
    expect(user.json()).toMatchObject({ email: 'guest@example.com', isAdmin: false, firstName: 'Guest' });
    const whitelist = await get('/api/admin/whitelist', guest.headers);
    expect(whitelist.statusCode).toBe(403);
    expect(whitelist.json().message).toBe(NOT_ADMIN_MESSAGE);
  });

  it('a whitelisted user: sent to /admin, 200 with the list; after logout 401 again', async () => {
    const owner = await signInAdmin(t, 'owner@example.com');
    expect(owner.redirectedTo).toBe('/admin');
    const whitelist = await get('/api/admin/whitelist', owner.headers);
    expect(whitelist.statusCode).toBe(200);
    expect(whitelist.json()).toEqual([{ id: expect.any(String), email: 'owner@example.com', createdAt: '2026-11-18T16:00:00.000Z' }]);
    expect((await get('/api/auth/user', owner.headers)).json()).toMatchObject({ email: 'owner@example.com', isAdmin: true });

    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: owner.headers });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ message: 'Logged out successfully' });
    expect(String(logout.headers['set-cookie'])).toMatch(new RegExp(`${SESSION_COOKIE.replace('.', '\\.')}=;`));
    // The old cookie is worthless even if the browser kept it: the session row is gone.
    expect((await get('/api/auth/user', owner.headers)).statusCode).toBe(401);
    expect((await get('/api/admin/whitelist', owner.headers)).statusCode).toBe(401);
  });

  it('the whitelist match is case-insensitive', async () => {
    const seeded = await createTestApp({ env: { ADMIN_EMAILS: 'Owner@Example.COM' } });
    try {
      const owner = await signIn(seeded, 'OWNER@example.com');
      expect(owner.redirectedTo).toBe('/admin');
      expect((await seeded.app.inject({ method: 'GET', url: '/api/admin/whitelist', headers: owner.headers })).statusCode).toBe(200);
    } finally {
      await seeded.close();
    }
  });

  it('the session cookie is httpOnly and SameSite=Lax (not Secure on http), and the id is new at every sign-in', async () => {
    const first = await signIn(t, 'guest@example.com');
    const login = await get('/api/login');
    expect(login.statusCode).toBe(302);
    // The flow's own cookies (state, PKCE verifier, nonce) are httpOnly and Lax too.
    for (const c of [login.headers['set-cookie']].flat()) expect(String(c)).toMatch(/HttpOnly.*SameSite=Lax|SameSite=Lax.*HttpOnly/i);

    const second = await signIn(t, 'owner@example.com', { cookie: first.cookie });
    expect(second.cookie).not.toBe(first.cookie);
    // The pre-sign-in id no longer opens anything (no fixation): it was destroyed at regeneration.
    expect((await get('/api/auth/user', first.headers)).statusCode).toBe(401);
    expect((await get('/api/auth/user', second.headers)).json().email).toBe('owner@example.com');

    const callbackCookie = await rawCallbackCookie(t, 'guest@example.com');
    expect(callbackCookie).toMatch(/HttpOnly/i);
    expect(callbackCookie).toMatch(/SameSite=Lax/i);
    expect(callbackCookie).not.toMatch(/Secure/i);
  });

  it('a session survives a restart of the embedded server (sessions.sqlite and the kept secret in DATA_DIR)', async () => {
    const owner = await signInAdmin(t, 'owner@example.com');
    t = await t.restart();
    const user = await get('/api/auth/user', owner.headers);
    expect(user.statusCode).toBe(200);
    expect(user.json()).toMatchObject({ email: 'owner@example.com', isAdmin: true });
    expect((await get('/api/admin/whitelist', owner.headers)).statusCode).toBe(200);
  });

  it('records the user through UserSignedIn on user-<sub>, and the users read model keeps createdAt across sign-ins', async () => {
    await signIn(t, 'guest@example.com');
    t.clock.set('2026-11-19T16:00:00.000Z');
    const again = await signIn(t, 'guest@example.com');
    const sub = devSubjectFor('guest@example.com');
    const events = await t.runtime.eventStore.readStream(userStream(sub));
    expect(events.map((e) => e.type)).toEqual(['UserSignedIn', 'UserSignedIn']);
    expect(events[0]!.data).toMatchObject({ userId: sub, email: 'guest@example.com', issuer: t.config.oidc.issuer });
    expect(events[0]!.metadata.actor).toEqual({ kind: 'visitor' });
    const user = (await get('/api/auth/user', again.headers)).json();
    expect(user).toMatchObject({ id: sub, email: 'guest@example.com', createdAt: '2026-11-18T16:00:00.000Z' });
    expect(user.updatedAt).toBe(t.clock.now().toISOString());
  });

  it('an admin whose e-mail is revoked loses access on the next request (the server decides every time)', async () => {
    const owner = await signInAdmin(t, 'owner@example.com');
    const manager = await signInAdmin(t, 'manager@example.com');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/whitelist/${encodeURIComponent('manager@example.com')}`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect((await get('/api/admin/whitelist', manager.headers)).statusCode).toBe(403);
    expect((await get('/api/auth/user', manager.headers)).json().isAdmin).toBe(false);
  });

  it("a callback whose state does not match the browser's cookie creates no session", async () => {
    const login = await get('/api/login');
    const cookies = [login.headers['set-cookie']]
      .flat()
      .map((c) => String(c).split(';')[0])
      .join('; ');
    const res = await get('/api/auth/callback?code=forged&state=not-the-state', { cookie: cookies });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/admin/login?error=signin_failed');
    expect(String(res.headers['set-cookie'] ?? '')).not.toContain(`${SESSION_COOKIE}=`);
    expect(await t.runtime.eventStore.readAll()).toEqual([]);
  });

  it('a refusal at the provider (error=access_denied) lands on the access-denied login screen', async () => {
    const res = await get('/api/auth/callback?error=access_denied&state=x');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/admin/login?error=access_denied');
  });
});

/** Runs the flow by hand up to the app's callback and returns the raw Set-Cookie of the session. */
async function rawCallbackCookie(t: TestApp, email: string): Promise<string> {
  const login = await t.app.inject({ method: 'GET', url: '/api/login' });
  const appCookies = [login.headers['set-cookie']]
    .flat()
    .map((c) => String(c).split(';')[0])
    .join('; ');
  const jar: string[] = [];
  let url = String(login.headers.location);
  for (let hop = 0; hop < 10; hop++) {
    if (url.startsWith(t.config.publicUrl)) {
      const callback = await t.app.inject({ method: 'GET', url: url.slice(t.config.publicUrl.length), headers: { cookie: appCookies } });
      return (
        [callback.headers['set-cookie']]
          .flat()
          .map(String)
          .find((c) => c.startsWith(`${SESSION_COOKIE}=`)) ?? ''
      );
    }
    let res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.join('; ') } });
    jar.push(...res.headers.getSetCookie().map((c) => c.split(';')[0]!));
    if (res.status === 200) {
      const action = /action="([^"]+)"/.exec(await res.text())![1]!;
      res = await fetch(new URL(action, url), {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: jar.join('; '), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email }).toString(),
      });
      jar.push(...res.headers.getSetCookie().map((c) => c.split(';')[0]!));
    }
    url = new URL(res.headers.get('location')!, url).toString();
  }
  throw new Error('no callback reached');
}
