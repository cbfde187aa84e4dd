import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signIn, signInAdmin, type SignedIn } from '../../test/auth.js';
import { adminAccessStream } from './admin-access-decider.js';
import { devSubjectFor } from '../dev-oidc/dev-oidc-provider.js';
import { adminCommand } from './admin-ops.js';

describe('/api/admin/whitelist', () => {
  let t: TestApp;
  let owner: SignedIn;
  beforeEach(async () => {
    t = await createTestApp();
    owner = await signInAdmin(t, 'owner@example.com');
  });
  afterEach(async () => {
    await t.close();
  });

  const list = (headers = owner.headers) => t.app.inject({ method: 'GET', url: '/api/admin/whitelist', headers });
  const add = (payload: unknown, headers = owner.headers) =>
    t.app.inject({ method: 'POST', url: '/api/admin/whitelist', headers, payload: payload as object });
  const remove = (encoded: string, headers = owner.headers) =>
    t.app.inject({ method: 'DELETE', url: `/api/admin/whitelist/${encoded}`, headers });
  const eventCount = async () => (await t.runtime.eventStore.readAll()).length;

  it('adds an e-mail (lower-cased) with 201 {id, email, createdAt}; the acting admin is in the event metadata', async () => {
    t.clock.advance(60_000);
    const res = await add({ email: '  Manager@Example.com ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(String), email: 'manager@example.com', createdAt: '2026-11-18T16:01:00.000Z' });
    const [event] = await t.runtime.eventStore.readStream(adminAccessStream('manager@example.com'));
    expect(event?.type).toBe('AdminEmailAuthorized');
    expect(event?.metadata.actor).toEqual({ kind: 'admin', email: 'owner@example.com', userId: devSubjectFor('owner@example.com') });
    expect(event?.metadata.correlationId).toBeTruthy();
    expect((await list()).json().map((e: { email: string }) => e.email)).toEqual(['owner@example.com', 'manager@example.com']);
  });

  it.each([
    ['a bad address', { email: 'not-an-email' }],
    ['an empty address', { email: '' }],
    ['no email field', {}],
    ['a number', { email: 42 }],
    ['no body', undefined],
  ])('refuses %s with 400 "Please enter a valid email address" and appends nothing', async (_label, body) => {
    const before = await eventCount();
    const res = await add(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please enter a valid email address');
    expect(await eventCount()).toBe(before);
  });

  it('answers 409 when the e-mail is already there, whatever its case', async () => {
    const before = await eventCount();
    const res = await add({ email: 'OWNER@example.com' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This email is already on the admin whitelist');
    expect(await eventCount()).toBe(before);
  });

  it('removes by the URL-encoded e-mail (not the id); the removed user is no longer an admin', async () => {
    expect((await add({ email: 'o+manager@example.com' })).statusCode).toBe(201);
    const manager = await signIn(t, 'o+manager@example.com');
    expect((await list(manager.headers)).statusCode).toBe(200);

    const res = await remove(encodeURIComponent('O+Manager@example.com'));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/o\+manager@example\.com/);
    const events = await t.runtime.eventStore.readStream(adminAccessStream('o+manager@example.com'));
    expect(events.map((e) => e.type)).toEqual(['AdminEmailAuthorized', 'AdminEmailRevoked']);
    expect(events[1]!.metadata.actor).toMatchObject({ kind: 'admin', email: 'owner@example.com' });
    expect((await list(manager.headers)).statusCode).toBe(403);
    expect((await list()).json().map((e: { email: string }) => e.email)).toEqual(['owner@example.com']);
  });

  it('answers 404 for an e-mail that is not on the list, and a whitelist entry id is not accepted in its place', async () => {
    const [entry] = (await list()).json();
    expect((await remove(encodeURIComponent('nobody@example.com'))).statusCode).toBe(404);
    expect((await remove(entry.id)).statusCode).toBe(404);
    expect((await list()).json()).toHaveLength(1);
  });

  it('lets an admin remove their own e-mail, after which they are no longer an admin', async () => {
    expect((await remove(encodeURIComponent('owner@example.com'))).statusCode).toBe(200);
    expect((await list()).statusCode).toBe(403);
  });

  it('refuses a non-admin with 403 and appends nothing', async () => {
    const guest = await signIn(t, 'guest@example.com');
    const before = await eventCount();
    expect((await add({ email: 'guest@example.com' }, guest.headers)).statusCode).toBe(403);
    expect((await remove(encodeURIComponent('owner@example.com'), guest.headers)).statusCode).toBe(403);
    expect(await eventCount()).toBe(before);
  });
});

describe('ADMIN_EMAILS seeding and `ops admin`', () => {
  let t: TestApp | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  it('seeds at start through AdminEmailAuthorized by the system, once, across restarts', async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: 'Owner@Example.com, manager@example.com,' } });
    t = await t.restart();
    t = await t.restart();
    const events = (await t.runtime.eventStore.readAll()).filter((e) => e.streamId.startsWith('adminAccess-'));
    expect(events.map((e) => [e.type, e.streamId])).toEqual([
      ['AdminEmailAuthorized', 'adminAccess-owner@example.com'],
      ['AdminEmailAuthorized', 'adminAccess-manager@example.com'],
    ]);
    expect(events[0]!.metadata.actor).toEqual({ kind: 'system', name: 'ADMIN_EMAILS' });
    const owner = await signIn(t, 'owner@example.com');
    expect(owner.redirectedTo).toBe('/admin');
  });

  it('does not bring back an e-mail an admin removed, on the next start', async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: 'owner@example.com,manager@example.com' } });
    const owner = await signIn(t, 'owner@example.com');
    const res = await t.app.inject({ method: 'DELETE', url: '/api/admin/whitelist/manager%40example.com', headers: owner.headers });
    expect(res.statusCode).toBe(200);
    t = await t.restart();
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/whitelist', headers: owner.headers });
    expect(list.json().map((e: { email: string }) => e.email)).toEqual(['owner@example.com']);
  });

  it('ops admin add|list|remove changes the whitelist through the same events, which the app then sees', async () => {
    t = await createTestApp();
    const env = { DATA_DIR: t.dataDir, LOG_LEVEL: 'silent' };
    const out: string[] = [];
    const errors: string[] = [];
    const run = (...args: string[]) => adminCommand(args, { env, print: (l) => out.push(l), printError: (l) => errors.push(l) });

    expect(await run('add', 'Boss@Example.com')).toBe(0);
    expect(await run('add', 'boss@example.com')).toBe(1);
    expect(errors.pop()).toBe('This email is already on the admin whitelist');
    expect(await run('add', 'nope')).toBe(1);
    expect(errors.pop()).toBe('Please enter a valid email address');
    expect(await run('list', '--json')).toBe(0);
    expect(out.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l).email)).toEqual(['boss@example.com']);

    const [event] = await t.runtime.eventStore.readStream(adminAccessStream('boss@example.com'));
    expect(event?.metadata.actor).toMatchObject({ kind: 'system', name: expect.stringMatching(/^ops \(/) });
    // The running app's subscription picks the event up from the shared event file.
    await t.runtime.readModels.waitFor(event!.position);
    expect((await signIn(t, 'boss@example.com')).redirectedTo).toBe('/admin');

    expect(await run('remove', 'boss@example.com')).toBe(0);
    expect(await run('remove', 'boss@example.com')).toBe(1);
    expect(errors.pop()).toBe('This email is not on the admin whitelist');
    out.length = 0;
    expect(await run('list')).toBe(0);
    expect(out).toEqual(['The admin whitelist is empty']);
    expect(await run('frobnicate')).toBe(2);
  });
});
