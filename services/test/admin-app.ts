import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.js';
import { signInAdmin } from './auth.js';

export interface AdminApp {
  /** The suite's app: usable inside tests and hooks (it forwards to the app beforeAll built). */
  t: TestApp;
  /** The signed-in admin's headers (session cookie + Origin), filled in before the first test. */
  admin: Record<string, string>;
  /** inject as the admin, or with the headers given. */
  send(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  /** How many events the store holds: a refused command must leave it unchanged. */
  eventCount(): Promise<number>;
}

/**
 * One app for a describe block, with an admin signed in through the real OpenID flow; closed after
 * its tests. Call it inside the describe.
 */
export function useAdminApp(options: TestAppOptions = {}): AdminApp {
  let current: TestApp | undefined;
  const app = () => {
    if (!current) throw new Error('useAdminApp: the app is built in beforeAll; use it inside tests and hooks');
    return current;
  };
  const admin: Record<string, string> = {};
  beforeAll(async () => {
    current = await createTestApp(options);
    Object.assign(admin, (await signInAdmin(current)).headers);
  });
  afterAll(async () => {
    await current?.close();
  });
  const t: TestApp = {
    get app() {
      return app().app;
    },
    get runtime() {
      return app().runtime;
    },
    get clock() {
      return app().clock;
    },
    get config() {
      return app().config;
    },
    get dataDir() {
      return app().dataDir;
    },
    restart: () => app().restart(),
    close: () => app().close(),
  };
  return {
    t,
    admin,
    send: (method, url, body, headers = admin) =>
      t.app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) }),
    eventCount: async () => (await t.runtime.eventStore.readAll()).length,
  };
}
