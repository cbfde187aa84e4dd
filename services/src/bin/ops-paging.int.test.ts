import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../test/test-app.js';
import { reservationBody } from '../../test/booking-test-kit.js';
import { FixedClock } from '../platform/clock.js';
import type { ReadAllOptions } from '../platform/event-store/event-store.js';
import { EncryptingEventStore } from '../platform/personal-data/encrypting-event-store.js';
import { notificationsOf } from '../notifications/index.js';
import { adminCommand } from '../admin-access/index.js';
import { seatsCommand, seatSource } from '../seating/index.js';
import { reservationKind } from '../reservations/index.js';
import { partyBookingKind } from '../party-bookings/index.js';

/**
 * Issue 26 #10: `ops seats reconcile` and `ops admin list` read the log in pages, never all of it at
 * once (a café's years of events in one array). Every read of $all they make is bounded.
 */
let dataDir: string;
const env = () => ({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
const reads: ReadAllOptions[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cafe-ops-paging-'));
  const t = await createTestApp({ dataDir });
  for (const time of ['12:00', '13:00', '14:00']) {
    const res = await t.app.inject({ method: 'POST', url: '/api/reservations', payload: { ...reservationBody, time } });
    expect(res.statusCode).toBe(201);
  }
  await notificationsOf(t.runtime)?.idle();
  await t.close();
  const readAll = EncryptingEventStore.prototype.readAll;
  vi.spyOn(EncryptingEventStore.prototype, 'readAll').mockImplementation(function (this: EncryptingEventStore, options?: ReadAllOptions) {
    reads.push(options ?? {});
    return readAll.call(this, options);
  });
});
afterAll(() => {
  vi.restoreAllMocks();
  rmSync(dataDir, { recursive: true, force: true });
});

const bounded = () => reads.every((r) => r.maxCount !== undefined && r.maxCount <= 1_000);

describe('ops commands that read the whole log', () => {
  it('when ops admin list folds the whitelist, then it reads the log in pages', async () => {
    expect(await adminCommand(['add', 'grace@example.com'], { env: env(), print: () => undefined })).toBe(0);
    reads.length = 0;
    const lines: string[] = [];
    expect(await adminCommand(['list'], { env: env(), print: (l) => lines.push(l) })).toBe(0);
    expect(lines.join('\n')).toContain('grace@example.com');
    expect(reads.length).toBeGreaterThan(0);
    expect(bounded()).toBe(true);
  });

  it('when ops seats reconcile looks for bookings, then it reads the log in pages', async () => {
    reads.length = 0;
    const lines: string[] = [];
    const clock = new FixedClock(new Date('2026-11-18T16:00:00.000Z'));
    const sources = [seatSource(reservationKind), seatSource(partyBookingKind)];
    expect(await seatsCommand(['reconcile', '--json'], sources, { env: env(), print: (l) => lines.push(l), clock })).toBe(0);
    expect(JSON.parse(lines[0]!)).toMatchObject({ datesChecked: 1, datesChanged: 0 });
    expect(reads.length).toBeGreaterThan(0);
    expect(bounded()).toBe(true);
  });
});
