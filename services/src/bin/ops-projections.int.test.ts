import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';
import { notificationsOf } from '../notifications/index.js';
import { projectionsCommand, rebuildCommand } from './ops-projections.js';

// Embedded mode: the commands build the projections in their own process from the event file,
// so their figures must match what the gateway had in memory for the same history.
describe('ops projections / rebuild (embedded)', () => {
  let dataDir: string;
  let expected: { reservations: number; head: string };
  const env = () => ({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const run = async (command: typeof projectionsCommand, args: string[]) => {
    const lines: string[] = [];
    const code = await command(args, { env: env(), print: (l) => lines.push(l) });
    return { code, lines, json: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
  };

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cafe-ops-'));
    const t = await createTestApp({ dataDir });
    const booking = { name: 'Ada', email: 'ada@example.com', phone: '(262) 555-0100', partySize: 4, time: '12:00' };
    for (const date of ['2026-11-21', '2026-11-22', '2026-11-28']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/reservations', payload: { ...booking, date } });
      expect(res.statusCode).toBe(201);
    }
    // A cancelled booking leaves the read model: the count proves events were folded, not just counted.
    const { id } = (await t.app.inject({ method: 'POST', url: '/api/reservations', payload: { ...booking, date: '2026-11-29' } })).json();
    await t.runtime.eventStore.appendToStream(`reservation-${id}`, [
      {
        type: 'ReservationCancelled',
        data: { reservationId: id },
        metadata: { occurredAt: new Date().toISOString(), actor: { kind: 'visitor' }, correlationId: 'c', causationId: 'c' },
      },
    ]);
    // The mail reactor appends its own notification events; let it finish so the head stays put.
    await notificationsOf(t.runtime)?.idle();
    await t.runtime.readModels.waitFor(await t.runtime.eventStore.headPosition());
    expected = {
      reservations: await t.runtime.documents.collection('reservations').count(),
      head: (await t.runtime.eventStore.headPosition()).toString(),
    };
    await t.close();
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it("projections lists every projection caught up with the head, with the gateway's document counts", async () => {
    expect(expected.reservations).toBe(3);
    const { code, json } = await run(projectionsCommand, ['--json', '--offline']);
    expect(code).toBe(0);
    const rows = json();
    expect(rows.map((r) => r.name)).toContain('blocked_dates');
    for (const row of rows) {
      expect(row).toMatchObject({ mode: 'embedded', checkpoint: expected.head, head: expected.head, lag: 0 });
    }
    expect(rows.find((r) => r.name === 'reservations')?.documents).toBe(expected.reservations);
  });

  it('rebuild replays the named projection from position 0 and reports its documents', async () => {
    const { code, json } = await run(rebuildCommand, ['reservations', '--json']);
    expect(code).toBe(0);
    const rows = json();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'reservations',
      rebuilt: true,
      events: Number(expected.head),
      documents: expected.reservations,
      checkpoint: expected.head,
      lag: 0,
    });
  });

  it('rebuild refuses an unknown projection name and names the known ones', async () => {
    const { code, lines } = await run(rebuildCommand, ['reservation']);
    expect(code).toBe(2);
    expect(lines.join('\n')).toMatch(/Unknown projection\(s\): reservation\. Known: .*reservations/);
  });

  it('says in its human output that the embedded read models are built in the ops process', async () => {
    const { code, lines } = await run(projectionsCommand, ['--offline']);
    expect(code).toBe(0);
    const out = lines.join('\n');
    expect(out).toContain("read models live in the gateway's memory");
    expect(out).toMatch(/reservations\s+\d+\s+\d+\s+0\s+3\b/);
  });
});
