import { parseArgs } from 'node:util';
import pino from 'pino';
import { loadConfig, type Config } from '../platform/config.js';
import { openStores, type Stores } from '../platform/runtime/ports.js';
import { allProjections } from '../platform/runtime/runtime.js';
import { CHECKPOINTS, ProjectionEngine, type ProjectionStatus } from '../platform/projections/projection-engine.js';
import type { Projection } from '../platform/projections/projection.js';
import { features as allFeatures } from '../features.js';
import type { Feature } from '../platform/runtime/runtime.js';

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
                                              collections, switched over once caught up
                                              STORE=eventstoredb: acts on MongoDB; stop the projector first
                                              (docker compose stop projector) and start it afterwards.
                                              embedded: builds them in this process and reports documents
                                              and time; the gateway rebuilds its own at every start
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
      const rows = await storedStatus(stores, projections);
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
    const rows = await engineRows(stores, status);
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
    (io.print ?? console.error)(`Unknown projection(s): ${unknown.join(', ')}. Known: ${known.join(', ')}`);
    return 2;
  }
  const names = positionals.length ? positionals : known;
  const stores = await openStores(config);
  try {
    const embedded = config.store === 'embedded';
    if (!values.json) {
      print(
        embedded
          ? `STORE=embedded: the gateway holds its read models (persisted in read-models.sqlite); this process\n` +
              `cannot reach them. Rebuilding ${names.join(', ')} here, from ${config.dataDir}/events.sqlite, into new\n` +
              `collections switched over when caught up (a replay check and a timing). To rebuild the gateway's own:\n` +
              `stop it, delete ${config.dataDir}/read-models.sqlite and start it again.\n`
          : `STORE=eventstoredb: rebuilding ${names.join(', ')} in MongoDB (${config.mongoDb}) from position 0 into\n` +
              `<name>__rebuild, renamed over <name> once caught up. The projector must be stopped meanwhile\n` +
              `(docker compose stop projector), or it would keep writing the old collection and checkpoint.\n`,
      );
    }
    const engine = new ProjectionEngine(stores.eventStore, stores.documents, projections, { logger: quiet() });
    const result = await engine.rebuild(names);
    const status = (await engine.status()).filter((s) => names.includes(s.name));
    const rows = await engineRows(stores, status);
    const ms = Math.round(result.ms);
    const rate = result.ms > 0 ? Math.round((result.events / result.ms) * 1000) : 0;
    if (values.json) {
      rows.forEach((r) => print(JSON.stringify({ mode: config.store, rebuilt: true, events: result.events, ms, ...r })));
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

/** The engine's own view of what it built here, with each collection's size. */
function engineRows(stores: Stores, status: ProjectionStatus[]): Promise<Row[]> {
  return Promise.all(
    status.map(async (s) => ({
      name: s.name,
      checkpoint: s.checkpoint,
      head: s.head,
      lag: Math.max(0, s.lag),
      documents: await stores.documents.collection(s.name).count(),
    })),
  );
}

async function storedStatus(stores: Stores, projections: Projection[]): Promise<Row[]> {
  const head = await stores.eventStore.headPosition();
  const checkpoints = stores.documents.collection(CHECKPOINTS);
  return Promise.all(
    projections.map(async (p) => {
      const doc = await checkpoints.get(p.name);
      const checkpoint = doc ? BigInt(String(doc.position)) : 0n;
      return {
        name: p.name,
        checkpoint: checkpoint.toString(),
        head: head.toString(),
        lag: Number(head > checkpoint ? head - checkpoint : 0n),
        documents: await stores.documents.collection(p.name).count(),
        updatedAt: doc ? String(doc.updatedAt) : null,
      };
    }),
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
