import { parseArgs } from 'node:util';
import pino from 'pino';
import { loadConfig, type Config } from '../platform/config.js';
import { openStores, type Stores } from '../platform/runtime/ports.js';
import { allProjections, onDiskCollections } from '../platform/runtime/runtime.js';
import { CHECKPOINTS, ProjectionEngine, type ProjectionStatus } from '../platform/projections/projection-engine.js';
import { storedProjectionStatus } from '../platform/projections/projection-status.js';
import type { Projection } from '../platform/projections/projection.js';
import { features as allFeatures } from '../features.js';
import type { Feature } from '../platform/runtime/runtime.js';
import { REBUILD_FAILED, unknownProjectionsMessage, type RebuildRun } from '@cafe/contracts';
import { asError } from '../platform/errors.js';
import { projectionRow, requestOverSocket, projectorAlive, REBUILD_REQUESTS, requestControl } from '../system/index.js';

/**
 * `ops projections` and `ops rebuild`.
 *
 * With STORE=eventstoredb the read models and the projector's checkpoints are in MongoDB, so these
 * commands read and rebuild them there. In the embedded mode the read models live in the gateway's
 * memory, out of this process's reach: the commands then build the projections here, from the event
 * file, and say so.
 */
export const projectionsUsage = `  projections [--json] [--offline]            each projection's checkpoint, head and lag
                                              STORE=eventstoredb: the projector's checkpoints in MongoDB.
                                              embedded: read models live in the gateway's memory, so this
                                              builds them here from the event file (and, unless --offline,
                                              also shows what a gateway running at PUBLIC_URL reports)
  rebuild [name...] [--json]                  rebuild projections (default all) from position 0 into new
                                              collections while the old keep answering, switched over once
                                              caught up. embedded: the running gateway does it (through
                                              DATA_DIR/control.sock); STORE=eventstoredb: the running
                                              projector does it (a request in MongoDB). With neither
                                              running, this process rebuilds the stored ones itself.
                                              Exits 1 when the rebuild fails or is refused.
`;

export interface OpsIo {
  env?: NodeJS.ProcessEnv;
  print?: (line: string) => void;
  features?: Feature[];
}

interface Row {
  name: string;
  checkpoint: string;
  head: string;
  lag: number;
  documents: number;
  updatedAt?: string | null;
}

export async function projectionsCommand(args: string[], io: OpsIo = {}): Promise<number> {
  const { values } = parseArgs({ args, options: { json: { type: 'boolean' }, offline: { type: 'boolean' } } });
  const print = io.print ?? console.log;
  const config = loadConfig(io.env ?? process.env);
  const projections = allProjections(io.features ?? allFeatures);
  const stores = await openStores(config);
  try {
    if (config.store === 'eventstoredb') {
      const rows = await rowsOf(stores, await storedProjectionStatus({ ...stores, projectionNames: projections.map((p) => p.name) }));
      if (values.json) rows.forEach((r) => print(JSON.stringify({ mode: 'eventstoredb', ...r })));
      else {
        print(`STORE=eventstoredb: checkpoints written by the projector in MongoDB (${config.mongoDb}.${CHECKPOINTS}).`);
        print('Positions are EventStoreDB commit positions (log offsets), so lag is a distance in the log, 0 when caught up.\n');
        printTable(print, rows);
      }
      return 0;
    }

    if (!values.json) {
      print(
        `STORE=embedded: the read models live in the gateway's memory. The figures below come from building\n` +
          `every projection in this ops process from ${config.dataDir}/events.sqlite.\n`,
      );
      if (!values.offline) await printGateway(config, print);
    }
    const engine = new ProjectionEngine(stores.eventStore, stores.documents, projections, { logger: quiet() });
    const started = performance.now();
    await engine.start();
    const ms = performance.now() - started;
    const status = await engine.status();
    await engine.stop();
    const rows = await rowsOf(stores, status);
    if (values.json) rows.forEach((r) => print(JSON.stringify({ mode: 'embedded', builtInMs: Math.round(ms), ...r })));
    else {
      print(`Built in this process in ${Math.round(ms)} ms (positions are event numbers):`);
      printTable(print, rows);
    }
    return 0;
  } finally {
    await stores.close();
  }
}

export async function rebuildCommand(args: string[], io: OpsIo = {}): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { json: { type: 'boolean' } } });
  const print = io.print ?? console.log;
  const config = loadConfig(io.env ?? process.env);
  const projections = allProjections(io.features ?? allFeatures);
  const known = projections.map((p) => p.name);
  const unknown = positionals.filter((n) => !known.includes(n));
  if (unknown.length) {
    (io.print ?? console.error)(`${unknownProjectionsMessage(unknown)}. Known: ${known.join(', ')}`);
    return 2;
  }
  const names = positionals.length ? positionals : known;
  const json = values.json ?? false;

  // The running gateway (embedded) or projector (eventstoredb) rebuilds what it serves, live.
  const live =
    config.store === 'embedded'
      ? await rebuildThroughGateway(config, names, json, print)
      : await rebuildThroughProjector(config, projections, names, json, print);
  if (live !== null) return live;

  const embedded = config.store === 'embedded';
  // Embedded: the gateway's own file, as the gateway opens it, so the rebuild replaces what it will serve
  // (an erased guest's rows included) instead of building in memory and throwing it away.
  const stores = await openStores(config, embedded ? { persistReadModels: true, onDisk: onDiskCollections(projections) } : {});
  try {
    if (!json) {
      print(
        embedded
          ? `STORE=embedded: no gateway is running on ${config.dataDir} (no control socket answered). Rebuilding\n` +
              `${names.join(', ')} here from events.sqlite into read-models.sqlite, switched over once caught up;\n` +
              `a gateway started later resumes from these checkpoints.\n`
          : `STORE=eventstoredb: no projector is running (no heartbeat in ${config.mongoDb}.${REBUILD_REQUESTS}).\n` +
              `Rebuilding ${names.join(', ')} in MongoDB from position 0 into <name>__rebuild, renamed over <name>\n` +
              `once caught up; a projector started later resumes from these checkpoints.\n`,
      );
    }
    const engine = new ProjectionEngine(stores.eventStore, stores.documents, projections, { logger: quiet() });
    const result = await engine.rebuild(names);
    const status = (await engine.status()).filter((s) => names.includes(s.name));
    const rows = await rowsOf(stores, status);
    const ms = Math.round(result.ms);
    const rate = result.ms > 0 ? Math.round((result.events / result.ms) * 1000) : 0;
    if (json) {
      rows.forEach((r) => print(JSON.stringify({ mode: config.store, via: 'ops', rebuilt: true, events: result.events, ms, ...r })));
    } else {
      print(`Rebuilt ${names.length} projection(s) from ${result.events} events in ${ms} ms (${rate} events/s):`);
      printTable(print, rows);
      if (!embedded) {
        print(
          '\nStart the projector again (docker compose start projector): it resumes from these checkpoints.\n' +
            "Each new collection got its read model's indexes before it replaced the old one.",
        );
      }
    }
    return 0;
  } finally {
    await stores.close();
  }
}

/** Through the gateway's control socket; null when no gateway listens. */
async function rebuildThroughGateway(
  config: Config,
  names: string[],
  json: boolean,
  print: (line: string) => void,
): Promise<number | null> {
  let outcome: RebuildRun | null = null;
  let refused: string | null = null;
  const answered = await requestOverSocket(config.dataDir, { command: 'rebuild', names }, (reply) => {
    if (reply.type === 'started' && !json) {
      print(`The running gateway is rebuilding ${reply.run.projections.join(', ')} beside the served read models…`);
    } else if (reply.type === 'progress' && !json) print(`  ${reply.events} events replayed (position ${reply.position})`);
    else if (reply.type === 'finished') outcome = reply.run;
    else if (reply.type === 'error') refused = reply.message;
  });
  if (answered === null) return null;
  return report(outcome, refused, 'gateway', json, print);
}

/** Through the control collection, when a projector's heartbeat is recent; null when none is. */
async function rebuildThroughProjector(
  config: Config,
  projections: Projection[],
  names: string[],
  json: boolean,
  print: (line: string) => void,
): Promise<number | null> {
  const stores = await openStores(config);
  try {
    if (!(await projectorAlive(stores.documents))) return null;
    const control = requestControl(
      stores.documents,
      projections.map((p) => p.name),
      () => new Date(),
    );
    let started: Awaited<ReturnType<typeof control.start>>;
    try {
      started = await control.start(names);
    } catch (error) {
      return report(null, asError(error).message, 'projector', json, print);
    }
    if (!json) print(`Asked the running projector to rebuild ${names.join(', ')} (request ${started.run.id}); waiting…`);
    return report(await started.finished(), null, 'projector', json, print);
  } finally {
    await stores.close();
  }
}

function report(run: RebuildRun | null, refused: string | null, via: string, json: boolean, print: (line: string) => void): number {
  if (json) print(JSON.stringify({ via, ...(run ?? { status: 'failed', error: refused ?? 'no answer' }) }));
  if (refused !== null || !run) {
    if (!json) print(`Not rebuilt: ${refused ?? `the ${via} closed the connection without an answer`}`);
    return 1;
  }
  if (run.status !== 'done') {
    if (!json) print(`Rebuild failed: ${run.error ?? 'unknown error'}. ${REBUILD_FAILED}`);
    return 1;
  }
  if (!json)
    print(
      `Rebuilt ${run.projections.length} projection(s) from ${run.events ?? 0} events in ${run.ms ?? 0} ms; the ${via} switched to them.`,
    );
  return 0;
}

/** Each projection's state with its collection's size: the engine's own view, or the stored checkpoints. */
function rowsOf(stores: Stores, status: (ProjectionStatus & { updatedAt?: string | null })[]): Promise<Row[]> {
  return Promise.all(
    status.map(async (s) => ({
      ...(await projectionRow(stores.documents, s)),
      ...(s.updatedAt !== undefined ? { updatedAt: s.updatedAt } : {}),
    })),
  );
}

/** A running gateway reports its own (live, in-memory) projections on /readyz. */
async function printGateway(config: Config, print: (line: string) => void): Promise<void> {
  const url = `${config.publicUrl}/readyz`;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1500) });
    const body = (await response.json()) as {
      position?: string | null;
      projections?: { name: string; checkpoint: string; head: string; lag: number }[];
    };
    print(`The gateway at ${config.publicUrl} answers /readyz ${response.status}, at position ${body.position ?? '?'}:`);
    for (const p of body.projections ?? []) {
      print(`  ${p.name.padEnd(24)} checkpoint ${p.checkpoint}  head ${p.head}  lag ${p.lag}`);
    }
    print('');
  } catch {
    print(`No gateway answered at ${url} (not running, or PUBLIC_URL points elsewhere).\n`);
  }
}

function printTable(print: (line: string) => void, rows: Row[]): void {
  const header = [
    'projection',
    'checkpoint',
    'head',
    'lag',
    'documents',
    ...(rows.some((r) => r.updatedAt !== undefined) ? ['updated'] : []),
  ];
  const lines = rows.map((r) => [
    r.name,
    r.checkpoint,
    r.head,
    String(r.lag),
    String(r.documents),
    ...(r.updatedAt !== undefined ? [r.updatedAt ?? 'never'] : []),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const format = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  print(format(header));
  for (const l of lines) print(format(l));
}

function quiet() {
  return pino({ level: 'silent' });
}
