/**
 * Staff sign-in over plain HTTP, for the compose smoke run: the app's /api/login, the development
 * provider's e-mail page (docker-compose.dev.yml), the callback; returns the session's Cookie header.
 * The same walk as services/test/auth.ts, with fetch against running servers instead of app.inject.
 */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(lines: string[]): void {
    for (const line of lines) {
      const pair = line.split(';')[0]!;
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  has(name: string): boolean {
    return this.cookies.has(name);
  }
  header(): string {
    return [...this.cookies].map(([n, v]) => `${n}=${v}`).join('; ');
  }
}

export async function signInOverHttp(appUrl: string, email: string): Promise<string> {
  const appOrigin = new URL(appUrl).origin;
  const jars = new Map<string, CookieJar>();
  const jarOf = (origin: string) => jars.get(origin) ?? jars.set(origin, new CookieJar()).get(origin)!;
  let next: { url: URL; form?: URLSearchParams } = { url: new URL('/api/login', appOrigin) };
  for (let hop = 0; hop < 25; hop++) {
    const jar = jarOf(next.url.origin);
    const res = await fetch(next.url, {
      method: next.form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: jar.header(), ...(next.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: next.form?.toString(),
    });
    jar.store(res.headers.getSetCookie());
    if (res.status >= 300 && res.status < 400) {
      const target = new URL(res.headers.get('location')!, next.url);
      // Back on the site, outside the API: signed in (or refused, without a session).
      if (target.origin === appOrigin && !target.pathname.startsWith('/api/')) {
        if (!jarOf(appOrigin).has('cafe.sid')) throw new Error(`sign-in ended at ${target.pathname}${target.search} without a session`);
        if (target.pathname !== '/admin')
          throw new Error(`sign-in ended at ${target.pathname}${target.search}: is ${email} in ADMIN_EMAILS?`);
        return jarOf(appOrigin).header();
      }
      next = { url: target };
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (res.status !== 200 || !action) throw new Error(`sign-in: ${next.url.pathname} answered ${res.status}: ${html.slice(0, 300)}`);
    next = { url: new URL(action, next.url), form: new URLSearchParams({ email }) };
  }
  throw new Error('sign-in: too many redirects');
}
