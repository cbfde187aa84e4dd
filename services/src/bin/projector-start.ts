import { openStores } from '../platform/runtime/ports.js';
import { allProjections, createRuntime, onDiskCollections, type Runtime, type RuntimeOptions } from '../platform/runtime/runtime.js';
import { HEARTBEAT_MS, PROJECTOR_HEARTBEAT_ID, REBUILD_REQUESTS } from '../system/index.js';

/**
 * The projector's runtime, with its heartbeat beating from before the catch-up: `ops rebuild` (and the
 * gateway's rebuild button) then see a projector and ask it, instead of rebuilding by themselves and
 * racing it. A request made meanwhile waits in the control collection; the rebuild worker, started
 * once the read models have caught up, takes it and beats from then on.
 */
export async function startProjector(options: RuntimeOptions & { heartbeatMs?: number }): Promise<Runtime> {
  const { config, logger, features } = options;
  const stores =
    options.stores ?? (await openStores(config, { persistReadModels: true, logger, onDisk: onDiskCollections(allProjections(features)) }));
  const beat = () =>
    stores.documents
      .collection(REBUILD_REQUESTS)
      .putMany([{ _id: PROJECTOR_HEARTBEAT_ID, at: new Date().toISOString() }])
      .catch((err: unknown) => logger.error({ err }, 'projector heartbeat failed'));
  await beat();
  const heartbeat = setInterval(() => void beat(), options.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();
  try {
    return await createRuntime({ ...options, stores, runProjections: true });
  } catch (error) {
    if (!options.stores) await stores.close().catch(() => undefined);
    throw error;
  } finally {
    clearInterval(heartbeat);
  }
}
