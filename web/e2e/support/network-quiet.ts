import type { Page, Request } from 'playwright-core';

/**
 * Starts watching the page's requests matching `pattern` at once (call it BEFORE the action that loads
 * them); `settled()` resolves once none has been in flight for `quietMs` after that, and rejects after
 * `timeoutMs`, so a page that keeps asking fails there rather than passing by accident. A request begun
 * before the watch started cannot be missed: the watch starts first.
 */
export function networkQuiet(page: Page, pattern: RegExp, quietMs = 500, timeoutMs = 10_000): { settled: () => Promise<void> } {
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
  return {
    async settled() {
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
    },
  };
}
