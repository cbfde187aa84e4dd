import type { Page, Request } from 'playwright-core';

/**
 * Resolves once no request of the page matching `pattern` has been in flight for `quietMs`: the page's own
 * first loads (a section's queries, an empty list's follow-up query) have ended. Gives up after `timeoutMs`
 * and rejects, so a page that never stops asking (polling) fails here rather than passing by accident.
 */
export async function networkQuiet(page: Page, pattern: RegExp, quietMs = 500, timeoutMs = 10_000): Promise<void> {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const started = (r: Request) => {
    if (!pattern.test(r.url())) return;
    inFlight.add(r);
    lastChange = Date.now();
  };
  const ended = (r: Request) => {
    if (!inFlight.delete(r)) return;
    lastChange = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (inFlight.size === 0 && Date.now() - lastChange >= quietMs) return;
      if (Date.now() > deadline) throw new Error(`requests matching ${pattern} did not stop within ${timeoutMs} ms`);
      await page.waitForTimeout(50);
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}
