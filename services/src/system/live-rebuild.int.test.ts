import { rmSync, statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REBUILD_IN_PROGRESS, todayIn, type SystemProjections } from '@cafe/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { freshReadModels, growHistory, readModelsOf, reservationBodies } from '../../test/live-load.js';
import { allProjections } from '../platform/runtime/runtime.js';
import { features as allFeatures } from '../features.js';
import { rebuildCommand } from '../bin/ops-projections.js';
import { controlSocketPath } from './control-socket.js';

// Embedded mode: `ops rebuild` reaches the RUNNING gateway through its control socket, and the gateway
// rebuilds the read models it serves beside them while the site keeps answering.
describe('ops rebuild of the running gateway (embedded)', () => {
  let t: TestApp;
  let dataDir: string;
  const projections = () => allProjections(t.runtime.features);
  const ops = async (args: string[]) => {
    const lines: string[] = [];
    const code = await rebuildCommand(args, { env: { DATA_DIR: t.dataDir, LOG_LEVEL: 'silent' }, print: (l) => lines.push(l) });
    return { code, lines };
  };
  const settled = async () => {
    await t.runtime.readModels.waitFor(await t.runtime.eventStore.headPosition());
  };

  beforeAll(async () => {
    // Without the mail reactor: it would send a confirmation for each of the copied reservations below.
    t = await createTestApp({ env: { SEED_DEMO: 'true' }, features: allFeatures.filter((f) => f.name !== 'notifications') });
    const bodies = reservationBodies(todayIn(t.config.zone, t.clock.now()));
    for (let i = 0; i < 150; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/reservations', payload: bodies.next().value! });
      expect(res.statusCode).toBe(201);
    }
    // A history long enough that the rebuild takes many pages, so the load really runs beside it.
    await growHistory(t.runtime.eventStore, 10_000);
    await settled();
    dataDir = t.dataDir;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('listens on DATA_DIR/control.sock, owner only', () => {
    const mode = statSync(controlSocketPath(t.dataDir)).mode & 0o777;
    expect(mode).toBe(0o600);
  });

  it('rebuilds every projection under continuous public POSTs and GETs: zero failed requests, answers equal a fresh rebuild', async () => {
    const bodies = reservationBodies(todayIn(t.config.zone, t.clock.now()));
    for (let i = 0; i < 5000; i++) bodies.next(); // other guests than beforeAll's
    const statuses: number[] = [];
    let duringRebuild = 0;
    let rebuilding = true;
    const load = (async () => {
      // Keeps going until the rebuild has switched over, and a little after.
      let after = 0;
      while (rebuilding || after++ < 5) {
        const answers = await Promise.all([
          t.app.inject({ method: 'POST', url: '/api/reservations', payload: bodies.next().value! }),
          t.app.inject({ method: 'GET', url: '/api/blocked-dates' }),
          t.app.inject({ method: 'GET', url: '/api/menu/items' }),
          t.app.inject({ method: 'GET', url: '/api/business-info' }),
          t.app.inject({ method: 'GET', url: '/api/gallery' }),
        ]);
        statuses.push(...answers.map((a) => a.statusCode));
        if (t.runtime.engine!.rebuildInProgress) duringRebuild += answers.length;
        // A POST's 201 promises read-your-writes: the guest's reservation is in the served read model now.
        const created = answers[0]!.json<{ id: string }>();
        expect(await t.runtime.documents.collection('reservations').get(created.id)).not.toBeNull();
      }
    })();
    const { code, lines } = await ops([]);
    rebuilding = false;
    await load;

    expect(code, lines.join('\n')).toBe(0);
    expect(lines.join('\n')).toMatch(/The running gateway is rebuilding/);
    expect(lines.join('\n')).toMatch(
      new RegExp(`Rebuilt ${projections().length} projection\\(s\\) from \\d+ events in \\d+ ms; the gateway switched to them`),
    );
    expect(duringRebuild).toBeGreaterThan(20);
    expect(statuses.filter((s) => s >= 400)).toEqual([]);

    await settled();
    const served = await readModelsOf(t.runtime.documents, projections());
    expect(served.reservations!.length).toBeGreaterThan(150);
    expect(served).toEqual(await freshReadModels(t.runtime.eventStore, projections()));
  });

  it('a second rebuild while one runs is refused with a clear message, and the first completes', async () => {
    const first = ops(['--json']);
    await expect.poll(() => t.runtime.engine!.rebuildInProgress, { interval: 1 }).toBe(true);
    const second = await ops(['reservations']);
    const codes = [(await first).code, second.code];
    expect(codes).toEqual([0, 1]);
    expect(second.lines.join('\n')).toContain(REBUILD_IN_PROGRESS);
    await settled();
    expect(await readModelsOf(t.runtime.documents, projections())).toEqual(await freshReadModels(t.runtime.eventStore, projections()));
  });

  it('a rebuild that fails midway leaves the served read models as they were, says so, and the next one works', async () => {
    await settled();
    const before = await readModelsOf(t.runtime.documents, projections());
    const documents = t.runtime.documents;
    const applyBatch = documents.applyBatch.bind(documents);
    let pages = 0;
    // The disk fills up on the rebuilt collections' second page.
    documents.applyBatch = async (writes) => {
      if (writes.some((w) => w.collection.endsWith('__rebuild')) && ++pages === 2) throw new Error('disk full (test)');
      return applyBatch(writes);
    };
    try {
      const { code, lines } = await ops(['reservations', 'booking_history']);
      expect(code).toBe(1);
      expect(lines.join('\n')).toContain('disk full (test)');
    } finally {
      documents.applyBatch = applyBatch;
    }
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(await readModelsOf(t.runtime.documents, projections())).toEqual(before);
    expect(await documents.listCollections()).not.toContain('reservations__rebuild');
    const answer = await t.app.inject({ method: 'GET', url: '/api/blocked-dates' });
    expect(answer.statusCode).toBe(200);
    expect((await ops(['reservations'])).code).toBe(0);
  });

  it('a gateway killed midway restarts on the read models it served; the next rebuild drops the leftovers', async () => {
    await settled();
    const before = await readModelsOf(t.runtime.documents, projections());
    // What a crash mid-rebuild leaves in read-models.sqlite: a half-filled shadow collection.
    await t.runtime.documents.applyBatch([{ collection: 'reservations__rebuild', puts: [{ _id: 'half-built', junk: true }], deletes: [] }]);
    t = await t.restart();
    expect(await readModelsOf(t.runtime.documents, projections())).toEqual(before);
    expect((await ops(['reservations'])).code).toBe(0);
    expect(await t.runtime.documents.collection('reservations').get('half-built')).toBeNull();
    expect(await readModelsOf(t.runtime.documents, projections())).toEqual(before);
  });

  it('remembers when each projection was last rebuilt and how long it took, across a restart', async () => {
    const { admin } = await import('../../test/auth.js').then(async (m) => ({ admin: (await m.signInAdmin(t)).headers }));
    const read = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/admin/system/projections', headers: admin })).json<SystemProjections>();
    const reservations = (await read()).projections.find((p) => p.name === 'reservations')!;
    expect(reservations.lastRebuiltAt).not.toBeNull();
    expect(reservations.lastRebuildMs).toBeGreaterThanOrEqual(0);
    t = await t.restart();
    const again = await import('../../test/auth.js').then((m) => m.signInAdmin(t));
    const after = await t.app.inject({ method: 'GET', url: '/api/admin/system/projections', headers: again.headers });
    const row = after.json<SystemProjections>().projections.find((p) => p.name === 'reservations')!;
    expect(row).toMatchObject({ lastRebuiltAt: reservations.lastRebuiltAt, lastRebuildMs: reservations.lastRebuildMs, lag: 0 });
  });

  it('with no gateway running, ops rebuilds the stored read models itself', async () => {
    await t.restart().then((next) => next.close().then(() => undefined));
    // restart() made a new app on the same directory and closed it: nobody listens now.
    const lines: string[] = [];
    const code = await rebuildCommand(['reservations'], { env: { DATA_DIR: t.dataDir, LOG_LEVEL: 'silent' }, print: (l) => lines.push(l) });
    expect(code).toBe(0);
    expect(lines.join('\n')).toContain('no gateway is running');
  });
});
