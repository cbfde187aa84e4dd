import type { ReportPart } from './report-part.js';
import { StreamStates } from '../commands/stream-states.js';
import type { FastifyPluginAsync } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Clock } from '../clock.js';
import { systemClock } from '../clock.js';
import type { EventStore } from '../event-store/event-store.js';
import type { DocumentStore } from '../document-store/document-store.js';
import type { BlobStore } from '../blob-store/blob-store.js';
import type { SessionStorePort } from '../sessions/session-store.js';
import type { Mailer } from '../mailer/mailer.js';
import { ProjectionEngine, type ProjectionStatus } from '../projections/projection-engine.js';
import { projectionStatus } from '../projections/projection-status.js';
import { createMetrics, timeAppends, type Metrics } from '../metrics/metrics.js';
import { checkpointWaiter, engineWaiter, type ReadModelWaiter } from '../projections/read-models.js';
import { leadingFields, type Projection } from '../projections/projection.js';
import type { GuestData } from '../personal-data/encrypting-event-store.js';
import { openPorts, type Ports, type Stores } from './ports.js';
import { WriteLoad } from './write-load.js';
import type { GuestEraser } from '../personal-data/guest-eraser.js';
import type { DemoPart } from './demo-part.js';
import type { DaySheetPart } from './day-sheet-part.js';
import type { MailComposer } from '../mailer/mail-composer.js';
import type { ReminderSource } from '../mailer/reminder-source.js';
import type { LiveNoticePart } from './live-notice-part.js';
import type { ClosurePart } from './closure-parts.js';

/**
 * A vertical slice as the runtime sees it: its projections (read models), its routes, plugins that
 * must run for every request (before any route), what it runs once the read models are ready
 * (reactors), what it writes once every feature runs (seeding), and the parts it offers the others.
 * The slices are listed in src/features.ts; their order there changes nothing but the demo's order.
 */
export interface Feature {
  name: string;
  projections?: Projection[];
  /** App-wide hooks (fastify-plugin), registered before every feature's routes. */
  plugins?: FastifyPluginAsync[];
  /** Anonymous reads (public lists, images): served without a session, so a visitor's page load stays cheap. */
  publicRoutes?: FastifyPluginAsync;
  /** Every other route, with the session and the features' plugins (who is asking). */
  routes?: FastifyPluginAsync;
  /** Started after the read models have caught up; the returned function stops it. */
  start?: (runtime: Runtime) => Promise<(() => Promise<void>) | void>;
  /** Run once every feature has started (seeding content the running features then see). */
  seed?: (runtime: Runtime) => Promise<void>;
  /** API answers the site's pages are rendered with and carry (platform/http/web-pages.ts). */
  pageData?: (runtime: Runtime) => PageDataSource;
  /** What `forget` erases of a guest among the slice's own records (guest-privacy runs every feature's). */
  erasers?: GuestEraser[];
  /** The slice's demo content, seeded once on a fresh store (demo-seed runs them in the features' order). */
  demo?: DemoPart;
  /** The slice's sections of the printed day sheet, read from its own read model (day-sheet). */
  daySheet?: DaySheetPart;
  /** The mails of the slice's own events (subject, text, HTML, invitation): notifications delivers them. */
  mails?: MailComposer[];
  /** What the slice's guests are reminded of the day before: reminders claims and sends each once. */
  reminders?: ReminderSource[];
  /** What its events mean on the staff dashboard's live updates (live-updates counts them). */
  liveNotices?: LiveNoticePart;
  /** Its part in closing days (closures asks every part): what it has on the closed dates and how one is cancelled. */
  closures?: ClosurePart;
  /**
   * The game library's port for the booking path (issue 48): the longest playing time, in minutes, of the
   * games with these ids (null when none is known), which lengthens a booking's stay on a floor.
   */
  gameMinutes?: (documents: DocumentStore, ids: readonly string[]) => Promise<number | null>;
  /** Its figures in the reports, from its own read model (reports asks every feature's). */
  reports?: ReportPart;
}

/** A read the gateway renders into the pages it serves (the first paint shows stored data): http/web-pages.ts. */
export interface PageDataSource {
  /** The GET path the app queries it by, e.g. '/api/business-info'. */
  path: string;
  /** Changes whenever the answer may change (the read model's version). */
  version(): Promise<string>;
  read(): Promise<unknown>;
}

/** Everything a process needs: configuration, clock, ports, and (in-process) the projector. */
export interface Runtime {
  config: Config;
  clock: Clock;
  logger: Logger;
  eventStore: EventStore;
  documents: DocumentStore;
  /** Finding and forgetting a guest's personal data in the event log; null on a bare store (some tests). */
  guestData: GuestData | null;
  blobs: BlobStore;
  sessions: SessionStorePort;
  mailer: Mailer;
  readModels: ReadModelWaiter;
  /** Streams this process's commands keep in memory (a day's seats, business info): command-pipeline.ts. */
  states: StreamStates;
  /** Present when this process runs the projections itself (embedded mode, or the projector process). */
  engine: ProjectionEngine | null;
  features: Feature[];
  /** What /metrics reports for this process. */
  metrics: Metrics;
  /** Each projection's checkpoint, head and lag: from this process's engine, or the projector's checkpoints. */
  projectionStatus(): Promise<ProjectionStatus[]>;
  /** Why a part other than the read models is not working (a reactor whose subscription dropped), by name: /readyz. */
  readinessChecks: Map<string, () => string | null>;
  /** Whether changes are being answered now (the HTTP layer notes them): background work gives way. */
  writeLoad: WriteLoad;
  close(): Promise<void>;
}

export interface RuntimeOptions {
  config: Config;
  logger: Logger;
  features: Feature[];
  clock?: Clock;
  /** Run the projections in this process. Default: yes in embedded mode. */
  runProjections?: boolean;
  /** Start each feature's start() (reactors, seeding). Default: true. */
  startFeatures?: boolean;
  /** Already opened event store and read models (tests); the other ports are opened as usual. */
  stores?: Stores;
}

export function allProjections(features: Feature[]): Projection[] {
  return features.flatMap((f) => f.projections ?? []);
}

/** The embedded read-model file's collections kept on disk (those that grow with every booking), with their indexed fields. */
export function onDiskCollections(projections: Projection[]): Record<string, readonly string[]> {
  return Object.fromEntries(projections.filter((p) => p.onDisk).map((p) => [p.name, leadingFields(p.indexes)]));
}

export async function createRuntime(options: RuntimeOptions): Promise<Runtime> {
  const { config, logger, features } = options;
  const projections = allProjections(features);
  const onDisk = onDiskCollections(projections);
  const ports: Ports = await openPorts(config, logger, { stores: options.stores, onDisk });
  const metrics = createMetrics();
  timeAppends(ports.eventStore, metrics);
  const runProjections = options.runProjections ?? config.store === 'embedded';
  // A long catch-up (a first start, a lost read-model file) reads and opens the log on a second core.
  const engine = runProjections ? new ProjectionEngine(ports.eventStore, ports.documents, projections, { logger, parallel: true }) : null;
  const readModels = engine
    ? engineWaiter(engine)
    : checkpointWaiter(
        ports.documents,
        projections.map((p) => p.name),
      );
  const stops: (() => Promise<void>)[] = [];
  const runtime: Runtime = {
    config,
    clock: options.clock ?? systemClock,
    logger,
    eventStore: ports.eventStore,
    documents: ports.documents,
    guestData: ports.guestData ?? null,
    blobs: ports.blobs,
    sessions: ports.sessions,
    mailer: ports.mailer,
    readModels,
    states: new StreamStates(),
    engine,
    features,
    metrics,
    projectionStatus: () =>
      projectionStatus({
        engine,
        eventStore: ports.eventStore,
        documents: ports.documents,
        projectionNames: projections.map((p) => p.name),
        // Lag in events, counted far enough to tell READYZ_MAX_LAG.
        lagLimit: config.readyzMaxLag + 1,
      }),
    readinessChecks: new Map(),
    writeLoad: new WriteLoad(),
    close: async () => {
      for (const stop of stops.reverse()) await stop().catch((err: unknown) => logger.error({ err }, 'stop failed'));
      // Closed here, after every feature that sends (the mail reactor, reminders) has stopped.
      await ports.mailer.close();
      await engine?.stop();
      await ports.close();
    },
  };
  metrics.setProjectionSource(() => runtime.projectionStatus());
  if (engine) {
    const started = performance.now();
    await engine.start();
    logger.info({ position: engine.position.toString(), ms: Math.round(performance.now() - started) }, 'read models caught up');
  }
  if (options.startFeatures ?? true) {
    for (const feature of features) {
      const stop = await feature.start?.(runtime);
      if (stop) stops.push(stop);
    }
    for (const feature of features) await feature.seed?.(runtime);
  }
  return runtime;
}
