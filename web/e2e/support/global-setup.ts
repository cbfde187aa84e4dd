import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { launchSharedChromium } from './browser';
import { buildIfStale, seedDataDirTemplate, SHARED_SERVER_ENV, startServer, WEB_DIR } from './server';
import { removeYearOfBookings, runIncludes, startYearOfBookings } from './year-of-bookings';

/**
 * Before the browser files start: builds the web app and the gateway once, launches one Chromium that
 * every file connects to, seeds the demo café once (each server copies it), and (for the web-e2e project)
 * starts one gateway that the files wanting no server of their own share (`sharedServer()` in server.ts).
 * For the timed files, it starts making list-scale's year of bookings at low priority: it is ready before
 * their turn, out of the run's last minute where only one file runs and a core would wait for it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  buildIfStale();
  const listScale = join(WEB_DIR, 'e2e', 'list-scale.e2e.test.ts');
  const year = project.name === 'web-e2e-timed' && runIncludes(listScale) ? startYearOfBookings(19) : undefined;
  if (!year) return setupTheRest(project);
  project.provide('yearOfBookings', year.dataDir);
  const stopYear = async () => {
    process.off('exit', leaveNothing);
    if (year.child.exitCode === null && year.child.signalCode === null) year.child.kill('SIGTERM');
    await year.ended;
    removeYearOfBookings(year.dataDir);
  };
  // An interrupted run (Ctrl-C, a CI time limit) exits without its teardown: nothing waits there.
  const leaveNothing = () => {
    year.child.kill('SIGTERM');
    removeYearOfBookings(year.dataDir);
  };
  process.once('exit', leaveNothing);
  try {
    const teardown = await setupTheRest(project);
    return async () => {
      await stopYear();
      await teardown();
    };
  } catch (error) {
    await stopYear();
    throw error;
  }
}

/** The shared Chromium, the seeded demo café and (web-e2e) the shared gateway, with their teardown. */
async function setupTheRest(project: TestProject): Promise<() => Promise<void>> {
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
