import type { Browser, BrowserContext, Page } from 'playwright-core';

/**
 * A staff member signs in as a person does: /admin/login → the local OpenID provider's page →
 * back to /admin. Returns the signed-in context and its dashboard page.
 */
export async function signInAsStaff(
  browser: Browser,
  baseUrl: string,
  email: string,
  viewport: { width: number; height: number } = { width: 1440, height: 900 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/admin/login`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${baseUrl}/admin`);
  await page.getByRole('button', { name: 'Logout' }).waitFor();
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
