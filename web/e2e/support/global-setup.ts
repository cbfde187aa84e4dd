import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { launchSharedChromium } from './browser';
import { buildIfStale, seedDataDirTemplate, SHARED_SERVER_ENV, startServer } from './server';

/**
 * Before the browser files start: builds the web app and the gateway once, launches one Chromium that
 * every file connects to, seeds the demo café once (each server copies it), and (for the web-e2e project)
 * starts one gateway that the files wanting no server of their own share (`sharedServer()` in server.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  buildIfStale();
  const browser = await launchSharedChromium();
  project.provide('chromiumEndpoint', browser.wsEndpoint());
  const seeded = await seedDataDirTemplate();
  project.provide('seededDataDir', seeded);
  const server = project.name === 'web-e2e' ? await startServer(SHARED_SERVER_ENV, seeded) : undefined;
  if (server) project.provide('sharedServer', { url: server.url, dataDir: server.dataDir });
  return async () => {
    await browser.close().catch(() => undefined);
    await server?.stop();
    rmSync(seeded, { recursive: true, force: true });
    rmSync(`${seeded}.seeded-on`, { force: true });
  };
}
