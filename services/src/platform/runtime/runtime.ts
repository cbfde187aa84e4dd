import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Clock } from '../clock.js';
import { systemClock } from '../clock.js';
import type { EventStore } from '../event-store/event-store.js';
import type { DocumentStore } from '../document-store/document-store.js';
import { ProjectionEngine } from '../projections/projection-engine.js';
import { checkpointWaiter, engineWaiter, type ReadModelWaiter } from '../projections/read-models.js';
import type { Projection } from '../projections/projection.js';
import type { Feature } from '../feature.js';
import { openStores, type Stores } from './stores.js';

/** Everything a process needs: configuration, clock, stores, and (in-process) the projector. */
export interface Runtime {
  config: Config;
  clock: Clock;
  logger: Logger;
  eventStore: EventStore;
  documents: DocumentStore;
  readModels: ReadModelWaiter;
  /** Present when this process runs the projections itself (embedded mode, or the projector process). */
  engine: ProjectionEngine | null;
  features: Feature[];
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
  stores?: Stores;
}

export function allProjections(features: Feature[]): Projection[] {
  return features.flatMap((f) => f.projections ?? []);
}

export async function createRuntime(options: RuntimeOptions): Promise<Runtime> {
  const { config, logger, features } = options;
  const stores = options.stores ?? (await openStores(config));
  const projections = allProjections(features);
  const runProjections = options.runProjections ?? config.store === 'embedded';
  const engine = runProjections ? new ProjectionEngine(stores.eventStore, stores.documents, projections, { logger }) : null;
  const readModels = engine
    ? engineWaiter(engine)
    : checkpointWaiter(stores.documents, projections.map((p) => p.name));
  const stops: (() => Promise<void>)[] = [];
  const runtime: Runtime = {
    config,
    clock: options.clock ?? systemClock,
    logger,
    eventStore: stores.eventStore,
    documents: stores.documents,
    readModels,
    engine,
    features,
    close: async () => {
      for (const stop of stops.reverse()) await stop().catch((err) => logger.error({ err }, 'stop failed'));
      await engine?.stop();
      await stores.close();
    },
  };
  if (engine) {
    const started = performance.now();
    await engine.start();
    logger.info(
      { position: engine.position.toString(), ms: Math.round(performance.now() - started) },
      'read models caught up',
    );
  }
  if (options.startFeatures ?? true) {
    for (const feature of features) {
      const stop = await feature.start?.(runtime);
      if (stop) stops.push(stop);
    }
  }
  return runtime;
}
