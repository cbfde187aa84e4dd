import { randomUUID } from 'node:crypto';
import type { TestApp } from './test-app.js';
import { authorizeAdminEmail, isWhitelisted } from '../src/admin-access/admin-access-commands.js';

/**
 * Test helpers that sign in through the REAL authorization-code flow: the app's routes through
 * `t.app.inject`, the local OpenID provider (started by createTestApp) through fetch on loopback.
 */
export interface SignedIn {
  /** The Cookie header value carrying the app's session. */
  cookie: string;
  /** Headers for app.inject: the session cookie and the site's Origin, so staff writes pass the Origin check. */
  headers: Record<string, string>;
  /** Where the app's callback sent the browser: '/admin' or '/admin/login?error=access_denied'. */
  redirectedTo: string;
}

/** A browser's cookies for one site, kept between requests (expired ones dropped). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  get(name: string) {
    return this.cookies.get(name);
  }
  header() {
    return [...this.cookies].map(([n, v]) => `${n}=${v}`).join('; ');
  }
}

export const asList = (header: string | string[] | undefined) => (header === undefined ? [] : Array.isArray(header) ? header : [header]);

/** Drives GET /api/login → provider sign-in page → 'Email' + 'Sign in' → callback, like a browser. */
export async function signIn(t: TestApp, email: string, options: { cookie?: string } = {}): Promise<SignedIn> {
  const appJar = new CookieJar();
  // A browser that already holds cookies for the site (e.g. an earlier session) sends them along.
  if (options.cookie) appJar.store(options.cookie.split(';').map((c) => c.trim()));
  const providerJar = new CookieJar();
  const issuer = t.config.oidc.issuer;
  if (!issuer) throw new Error('signIn: the test app has no OpenID provider (OIDC_ISSUER unset and none started)');
  const appOrigin = new URL(t.config.publicUrl).origin;
  const providerOrigin = new URL(issuer).origin;

  let next: { method: 'GET' | 'POST'; url: string; form?: URLSearchParams } = { method: 'GET', url: '/api/login' };
  for (let hop = 0; hop < 20; hop++) {
    const url = new URL(next.url, appOrigin);
    if (url.origin === appOrigin) {
      const res = await t.app.inject({
        method: next.method,
        url: url.pathname + url.search,
        headers: { cookie: appJar.header() },
      });
      appJar.store(asList(res.headers['set-cookie']));
      if (res.statusCode < 300 || res.statusCode >= 400) {
        throw new Error(`signIn: ${next.method} ${url.pathname} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      }
      const location = String(res.headers.location);
      const target = new URL(location, appOrigin);
      if (target.origin === appOrigin && !target.pathname.startsWith('/api/')) {
        const cookie = appJar.header();
        if (!appJar.get('cafe.sid')) throw new Error(`signIn: the callback sent the browser to ${location} without a session`);
        return { cookie, headers: { cookie, origin: appOrigin }, redirectedTo: target.pathname + target.search };
      }
      next = { method: 'GET', url: target.toString() };
      continue;
    }
    if (url.origin !== providerOrigin) throw new Error(`signIn: unexpected redirect to ${url}`);
    const res = await fetch(url, {
      method: next.method,
      redirect: 'manual',
      headers: {
        cookie: providerJar.header(),
        ...(next.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: next.form?.toString(),
    });
    providerJar.store(res.headers.getSetCookie());
    if (res.status >= 300 && res.status < 400) {
      next = { method: 'GET', url: new URL(res.headers.get('location')!, url).toString() };
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (res.status !== 200 || !action || !/<label[^>]*>Email<\/label>/.test(html) || !/>Sign in<\/button>/.test(html)) {
      throw new Error(`signIn: the provider answered ${res.status}: ${html.slice(0, 500)}`);
    }
    next = { method: 'POST', url: new URL(action, url).toString(), form: new URLSearchParams({ email }) };
  }
  throw new Error('signIn: too many redirects');
}

/** Puts the e-mail on the whitelist through the real command (acted by the system, as ADMIN_EMAILS is), then signs in. */
export async function signInAdmin(t: TestApp, email = 'owner@example.com'): Promise<SignedIn> {
  if (!(await isWhitelisted(t.runtime.documents, email))) {
    await authorizeAdminEmail(t.runtime, email, {
      actor: { kind: 'system', name: 'test' },
      correlationId: randomUUID(),
      causationId: 'test',
    });
  }
  return signIn(t, email);
}
