import { expect } from 'vitest';
import type { Browser, BrowserContext, Cookie, Locator, Page } from 'playwright-core';

/** Session cookies of a real sign-in, per server and e-mail, for this file's later contexts. */
const sessions = new Map<string, Cookie[]>();

/**
 * A staff member signs in as a person does: /admin/login → the local OpenID provider's page →
 * back to /admin. Returns the signed-in context and its dashboard page.
 *
 * The first sign-in of an e-mail in a file goes through that flow; a later context for the same
 * e-mail (another viewport) is handed the session's cookies only (no localStorage) and opens /admin.
 * A session the server no longer honours (the e-mail left the whitelist) falls back to the full flow.
 */
export async function signInAsStaff(
  browser: Browser,
  baseUrl: string,
  email: string,
  viewport: { width: number; height: number } = { width: 1440, height: 900 },
): Promise<{ context: BrowserContext; page: Page }> {
  const key = `${baseUrl} ${email}`;
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const cookies = sessions.get(key);
  if (cookies) {
    await context.addCookies(cookies);
    await page.goto(`${baseUrl}/admin`);
    const logout = page.getByRole('button', { name: 'Logout' });
    const signIn = page.getByRole('button', { name: 'Sign in' });
    await logout.or(signIn).first().waitFor();
    if (await logout.isVisible()) return { context, page };
    sessions.delete(key);
    await context.clearCookies();
  }
  await page.goto(`${baseUrl}/admin/login`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${baseUrl}/admin`);
  await page.getByRole('button', { name: 'Logout' }).waitFor();
  sessions.set(key, await context.cookies());
  return { context, page };
}

/** A fetch made by a signed-in page: same origin, its session cookie and the browser's own Origin header. */
export async function pageFetch<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        credentials: 'include',
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, json: (text ? JSON.parse(text) : null) as T };
    },
    { method, path, body },
  );
}

/** True when the element's box lies wholly inside the page's viewport (a toast the user can see). */
export async function inViewport(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
    });
}

/**
 * The first notice titled `title` appears and the user can see it: its whole box inside the viewport. The
 * pointer rests on it while it is checked (Blueprint pauses a hovered toast's 5 s, and hovering waits for it
 * to stop sliding in): on a starved machine its frames once took longer than 3 s. Each try finds the toast
 * again by its title: one re-rendered while the pointer was on its way (detached from the DOM) once held a
 * single hover for its whole 30 s. Returns it.
 */
export async function expectToastInView(page: Page, title: string): Promise<Locator> {
  const toast = page.locator('.bp6-toast', { hasText: title }).first();
  await toast.waitFor();
  // Polls the toast's box, not a yes/no: a failure shows where the toast was against the viewport, or that
  // it was gone (and which toasts were shown instead).
  const placement = async () => {
    if ((await toast.count()) === 0) {
      const shown = await page.locator('.bp6-toast').allTextContents();
      return `no toast titled "${title}"; toasts: ${shown.map((text) => `"${text.slice(0, 40)}"`).join(' | ') || 'none'}`;
    }
    const hovered = await toast.hover({ timeout: 2000 }).then(
      () => true,
      (error: Error) => error.message.split('\n')[0],
    );
    if (hovered !== true) return `not hovered: ${hovered}`;
    return toast
      .evaluate(
        (el) => {
          const r = el.getBoundingClientRect();
          const inside = r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
          // The toast being read is not the one leaving: a leaving toast's classes on it mean the toasts share
          // one transition, and the newcomer can stay stuck below the screen.
          const leaving = /\bbp6-toast-exit/.test(String(el.className));
          if (inside && !leaving) return 'inside the viewport';
          // Every toast's classes with it: Blueprint shifts a toast while one before it enters or leaves.
          const toasts = [...(el.parentElement?.children ?? [])].map((t) => `${t.className} "${t.textContent?.slice(0, 40)}"`);
          return `box ${r.left},${r.top} to ${r.right},${r.bottom} in a ${innerWidth}×${innerHeight} viewport; toasts: ${toasts.join(' | ')}`;
        },
        undefined,
        { timeout: 2000 },
      )
      .catch((error: Error) => `not measured: ${error.message.split('\n')[0]}`);
  };
  await expect.poll(placement, { timeout: 30_000, interval: 100 }).toBe('inside the viewport');
  return toast;
}
