import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { NO_PROJECTOR_RUNNING, REBUILD_IN_PROGRESS, unknownProjectionsMessage, type RebuildRun } from '@cafe/contracts';
import type { Runtime } from '../platform/runtime/runtime.js';
import type { ProjectionEngine } from '../platform/projections/projection-engine.js';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import { Conflict, InvalidCommand } from '../platform/commands/domain-errors.js';
import { allProjections } from '../platform/runtime/runtime.js';
import { asError } from '../platform/errors.js';

/** Where the gateway (and ops) ask the projector for a rebuild, and where it records how each ended. */
export const REBUILD_REQUESTS = '_rebuild_requests';
/** The projector's heartbeat document in REBUILD_REQUESTS: a request with no live projector would wait forever. */
export const PROJECTOR_HEARTBEAT_ID = 'projector-heartbeat';
export const HEARTBEAT_MS = 2_000;
/** A projector silent for longer than this is taken as stopped. */
export const HEARTBEAT_STALE_MS = 10_000;

export type RunDoc = RebuildRun & { _id: string };

export interface StartedRebuild {
  run: RebuildRun;
  /** Settles with the finished run (done or failed); never rejects. Called only by who waits (ops). */
  finished: () => Promise<RebuildRun>;
}

/**
 * How a process asks for a live rebuild. In-process where this process runs the engine (the embedded
 * gateway, the projector); through the control collection where another process does (the gateway
 * with STORE=eventstoredb, whose projector picks the request up).
 */
export interface RebuildControl {
  start(names: string[] | undefined, onProgress?: (p: { events: number; position: string }) => void): Promise<StartedRebuild>;
  lastRun(): Promise<RebuildRun | null>;
}

const controls = new WeakMap<Runtime, RebuildControl>();

/** The runtime's one control, so the routes, the control socket and the worker share one guard. */
export function rebuildControlOf(runtime: Runtime): RebuildControl {
  let control = controls.get(runtime);
  if (!control) {
    const names = allProjections(runtime.features).map((p) => p.name);
    control = runtime.engine
      ? engineControl(runtime.engine, names, runtime.logger)
      : // Wall time, not the café clock: the projector's heartbeat and the runs are compared across processes.
        requestControl(runtime.documents, names, () => new Date());
    controls.set(runtime, control);
  }
  return control;
}

function checkNames(names: string[] | undefined, known: string[]): string[] {
  const wanted = names?.length ? [...new Set(names)] : known;
  const unknown = wanted.filter((n) => !known.includes(n));
  if (unknown.length)
    throw new InvalidCommand(unknownProjectionsMessage(unknown), [{ path: ['names'], message: unknownProjectionsMessage(unknown) }]);
  return wanted;
}

function newRun(projections: string[], now: string): RebuildRun {
  return {
    id: randomUUID(),
    projections,
    status: 'requested',
    requestedAt: now,
    startedAt: null,
    finishedAt: null,
    ms: null,
    events: null,
    error: null,
  };
}

/** Runs the rebuild on this process's engine, in the background; the run is kept in memory. */
export function engineControl(engine: ProjectionEngine, known: string[], logger?: Logger): RebuildControl {
  let last: RebuildRun | null = null;
  return {
    async start(names, onProgress) {
      const projections = checkNames(names, known);
      if (engine.rebuildInProgress) throw new Conflict(REBUILD_IN_PROGRESS);
      const now = new Date().toISOString();
      const run: RebuildRun = { ...newRun(projections, now), status: 'running', startedAt: now };
      last = run;
      const rebuilding = engine.rebuild(projections, { onProgress });
      const finished = rebuilding.then(
        (result): RebuildRun => ({
          ...run,
          status: 'done',
          finishedAt: new Date().toISOString(),
          ms: Math.round(result.ms),
          events: result.events,
        }),
        (error: unknown): RebuildRun => ({ ...run, status: 'failed', finishedAt: new Date().toISOString(), error: asError(error).message }),
      );
      void finished.then((ended) => {
        if (last?.id === ended.id) last = ended;
        if (ended.status === 'failed') logger?.error({ run: ended }, 'rebuild failed; the previous read models keep answering');
        else logger?.info({ run: ended }, 'rebuild switched over');
      });
      return { run, finished: () => finished };
    },
    async lastRun() {
      return last;
    },
  };
}

/** Writes the request for the projector process; the run's document is where it reports back. */
export function requestControl(documents: DocumentStore, known: string[], now: () => Date, pollMs = 250): RebuildControl {
  const runs = () => documents.collection<RunDoc>(REBUILD_REQUESTS);
  return {
    async start(names) {
      const projections = checkNames(names, known);
      // Best effort across gateways: the projector's engine runs one rebuild at a time whatever lands here.
      const open = await runs().findOne({ status: { $in: ['requested', 'running'] } });
      if (open) throw new Conflict(REBUILD_IN_PROGRESS);
      // Nobody would pick the request up: say so now rather than leave it waiting.
      if (!(await projectorAlive(documents, now().getTime()))) throw new Conflict(NO_PROJECTOR_RUNNING);
      const run = newRun(projections, now().toISOString());
      await runs().putMany([{ _id: run.id, ...run }]);
      const finished = async () => {
        for (;;) {
          await new Promise((r) => setTimeout(r, pollMs));
          const doc = await runs().get(run.id);
          if (doc && (doc.status === 'done' || doc.status === 'failed')) return withoutId(doc);
        }
      };
      return { run, finished };
    },
    lastRun: () => latestRun(documents),
  };
}

export async function latestRun(documents: DocumentStore): Promise<RebuildRun | null> {
  const doc = await documents
    .collection<RunDoc>(REBUILD_REQUESTS)
    .findOne({ requestedAt: { $exists: true } }, { sort: { requestedAt: -1 } });
  return doc ? withoutId(doc) : null;
}

/** Is a projector process alive (its heartbeat recent)? */
export async function projectorAlive(documents: DocumentStore, now = Date.now()): Promise<boolean> {
  const beat = await documents.collection(REBUILD_REQUESTS).get(PROJECTOR_HEARTBEAT_ID);
  return typeof beat?.at === 'string' && now - Date.parse(beat.at) < HEARTBEAT_STALE_MS;
}

export function withoutId(doc: RunDoc): RebuildRun {
  const { _id: _ignored, ...run } = doc;
  return { ...run };
}
