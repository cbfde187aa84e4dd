import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { asList, CookieJar as Jar } from '../../test/auth.js';

/**
 * Switching accounts as a browser does: ONE cookie jar for the app and one for the provider, kept
 * between sign-ins, so the provider still holds the first account's session when the second signs in.
 * The provider then ends that session first (an auto-submitted logout form) and resumes the sign-in.
 */
const decode = (s: string) => s.replace(/&#(\d+);/g, (_m, c: string) => String.fromCharCode(Number(c))).replace(/&amp;/g, '&');

/** GET /api/login → provider pages → back on the site; returns where the site sent the browser, or the provider's error page. */
async function browserSignIn(t: TestApp, app: Jar, provider: Jar, email: string): Promise<string> {
  const appOrigin = new URL(t.config.publicUrl).origin;
  let next: { method: 'GET' | 'POST'; url: string; form?: URLSearchParams } = { method: 'GET', url: `${appOrigin}/api/login` };
  for (let hop = 0; hop < 30; hop++) {
    const url = new URL(next.url);
    if (url.origin === appOrigin) {
      const res = await t.app.inject({ method: next.method, url: url.pathname + url.search, headers: { cookie: app.header() } });
      app.store(asList(res.headers['set-cookie']));
      const target = new URL(String(res.headers.location), appOrigin);
      if (target.origin === appOrigin && !target.pathname.startsWith('/api/')) return target.pathname + target.search;
      next = { method: 'GET', url: target.toString() };
      continue;
    }
    const res = await fetch(url, {
      method: next.method,
      redirect: 'manual',
      headers: { cookie: provider.header(), ...(next.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: next.form?.toString(),
    });
    provider.store(res.headers.getSetCookie());
    if (res.status >= 300 && res.status < 400) {
      next = { method: 'GET', url: new URL(res.headers.get('location')!, url).toString() };
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action)
      return `provider ${res.status}: ${html
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()}`;
    const hidden = [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)];
    // The e-mail page, or a form the provider submits by itself (its logout of the previous account).
    const form = /name="email"/.test(html)
      ? new URLSearchParams({ email })
      : new URLSearchParams(hidden.map((m) => [m[1]!, decode(m[2]!)]));
    next = { method: 'POST', url: new URL(decode(action), url).toString(), form };
  }
  throw new Error('too many redirects');
}

describe('switching accounts on the local OpenID provider', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: 'owner@example.com' } });
  });
  afterEach(async () => {
    await t.close();
  });

  it('given a denied user still signed in at the provider, when they sign in as a whitelisted one, then they land on /admin', async () => {
    const app = new Jar();
    const provider = new Jar();
    expect(await browserSignIn(t, app, provider, 'guest@example.com')).toBe('/admin/login?error=access_denied');
    // Three tries, as the issue reported "3 of 3".
    for (const email of ['owner@example.com', 'guest@example.com', 'owner@example.com']) {
      const landed = await browserSignIn(t, app, provider, email);
      expect(landed).toBe(email === 'owner@example.com' ? '/admin' : '/admin/login?error=access_denied');
      const user = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: app.header() } });
      expect(user.json()).toMatchObject({ email });
    }
  });
});
