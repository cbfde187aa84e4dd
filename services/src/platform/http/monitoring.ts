import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { statfs } from 'node:fs/promises';
import type { Runtime } from '../runtime/runtime.js';
import type { ProjectionStatus } from '../projections/projection-engine.js';
import { UNMATCHED_ROUTE } from '../metrics/metrics.js';
import { troubleUnder, type DiskTrouble } from '../disk-trouble.js';

/** How long /readyz waits for the stores before it calls them unreachable. */
const STORE_TIMEOUT_MS = 2_000;

type MonitoredRuntime = Pick<Runtime, 'config' | 'engine' | 'metrics' | 'projectionStatus'> & Partial<Pick<Runtime, 'readinessChecks'>>;

export interface Readiness {
  ready: boolean;
  body: {
    status: 'ready' | 'starting' | 'resubscribing' | 'behind' | 'ahead-of-log' | 'unavailable' | 'disk-full' | 'read-only' | 'disk-failing';
    store: string;
    /** What is wrong, in words, when not ready. */
    message?: string;
    position: string | null;
    maxLag: number;
    /** The projections more than `maxLag` events behind the head of $all, or beyond it (negative lag). */
    behind: Pick<ProjectionStatus, 'name' | 'checkpoint' | 'head' | 'lag'>[];
    projections: ProjectionStatus[];
  };
}

/**
 * The monitors' routes and the request metrics: /healthz (the process answers), /readyz (the stores
 * answer and the read models are within READYZ_MAX_LAG of the event store) and /metrics (Prometheus
 * text, for loopback callers or with METRICS_TOKEN). They stay outside the site's plumbing (headers,
 * sessions, who is asking), so they answer as fast as the process can, and a monitor has no session.
 */
export function installMonitoring(app: FastifyInstance, runtime: MonitoredRuntime): void {
  const { metrics } = runtime;
  // One Map lookup and one observe per answer; the label is the route pattern, never the raw URL.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request.method, request.routeOptions.url ?? UNMATCHED_ROUTE, reply.statusCode, reply.elapsedTime);
    done();
  });
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const { ready, body } = await readiness(runtime);
    return reply.status(ready ? 200 : 503).send(body);
  });
  app.get('/metrics', async (request, reply) => {
    // Anyone else gets the site's own 404: nothing tells them the endpoint exists.
    if (!mayScrape(request, runtime.config.metricsToken)) return reply.callNotFound();
    const { contentType, text } = await metrics.scrape();
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(text);
  });
}

export async function readiness(runtime: MonitoredRuntime): Promise<Readiness> {
  const { store, readyzMaxLag: maxLag } = runtime.config;
  let projections: ProjectionStatus[];
  try {
    projections = await withTimeout(runtime.projectionStatus(), STORE_TIMEOUT_MS);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const message = `The ${store === 'embedded' ? 'event store' : 'event store or MongoDB'} did not answer: ${reason}`;
    return { ready: false, body: { status: 'unavailable', store, message, position: null, maxLag, behind: [], projections: [] } };
  }
  const trouble = store === 'embedded' ? await withTimeout(troubleUnder(runtime.config.dataDir), STORE_TIMEOUT_MS).catch(() => null) : null;
  if (trouble) {
    const status = trouble.kind === 'full' ? 'disk-full' : trouble.kind === 'read-only' ? 'read-only' : 'disk-failing';
    const message = diskTroubleMessage(trouble);
    return { ready: false, body: { status, store, message, position: null, maxLag, behind: [], projections } };
  }
  const lowDisk = await lowDiskMessage(runtime.config);
  if (lowDisk)
    return { ready: false, body: { status: 'disk-full', store, message: lowDisk, position: null, maxLag, behind: [], projections } };
  const starting = runtime.engine ? !runtime.engine.isReady : false;
  const behind = projections
    .filter((p) => p.lag > maxLag || p.lag < 0)
    .map(({ name, checkpoint, head, lag }) => ({ name, checkpoint, head, lag }));
  const ahead = behind.filter((b) => b.lag < 0);
  const position =
    runtime.engine?.position.toString() ??
    (projections.length
      ? projections.reduce((min, p) => (BigInt(p.checkpoint) < BigInt(min) ? p.checkpoint : min), projections[0]!.checkpoint)
      : null);
  const dropped = runtime.engine?.behindBecause ?? null;
  const otherDown = [...(runtime.readinessChecks ?? new Map<string, () => string | null>()).values()].map((check) => check()).find(Boolean);
  const status =
    dropped || otherDown ? 'resubscribing' : starting ? 'starting' : ahead.length ? 'ahead-of-log' : behind.length ? 'behind' : 'ready';
  const message = dropped
    ? `The event store subscription dropped and is being resumed: ${dropped}`
    : otherDown
      ? otherDown
      : starting
        ? 'The read models are still catching up with the event store after start-up.'
        : ahead.length
          ? `Read-model checkpoints lie beyond the head of the event log (read models and log restored from different backups?): ${ahead.map((b) => `${b.name} (${b.checkpoint} > ${b.head})`).join(', ')}. Restart the projector, which rebuilds them, or run npm run ops -- rebuild.`
          : behind.length
            ? `Read models more than ${maxLag} events behind the event store: ${behind.map((b) => `${b.name} (${b.lag})`).join(', ')}`
            : undefined;
  return {
    ready: status === 'ready',
    body: { status, store, ...(message ? { message } : {}), position, maxLag, behind, projections },
  };
}

/** Why nothing can be written under DATA_DIR, with the file that refused it, and what still works. */
function diskTroubleMessage({ kind, file, code }: DiskTrouble): string {
  const what = kind === 'full' ? 'is full' : kind === 'read-only' ? 'is read-only' : 'fails to write';
  const fix =
    kind === 'full'
      ? 'Free some space: what waits is stored within seconds, no restart needed.'
      : kind === 'read-only'
        ? 'Make it writable again (remount it read-write, or repair it and restart): nothing acknowledged is lost.'
        : 'Check the disk (dmesg): nothing acknowledged is lost.';
  return `The disk holding DATA_DIR ${what}: writing ${file} failed (${code}). Bookings and changes are refused; the lists are answered from memory. ${fix}`;
}

/**
 * The embedded stores, sessions, uploads and outbox all write under DATA_DIR: on a full disk every
 * booking fails while the projections stay current, so free space is part of being ready. One statfs
 * per call; a DATA_DIR that cannot be looked at (not made yet) is not reported as full.
 */
async function lowDiskMessage(config: MonitoredRuntime['config']): Promise<string | undefined> {
  if (config.readyzMinFreeMb <= 0) return undefined;
  let freeMb: number;
  try {
    const disk = await withTimeout(statfs(config.dataDir), STORE_TIMEOUT_MS);
    freeMb = Math.floor((disk.bavail * disk.bsize) / 2 ** 20);
  } catch {
    return undefined;
  }
  if (freeMb >= config.readyzMinFreeMb) return undefined;
  return `The disk holding DATA_DIR has ${freeMb} MB free, less than READYZ_MIN_FREE_MB (${config.readyzMinFreeMb}): writes may fail.`;
}

/**
 * /metrics is for the monitoring on this host (loopback, with no proxy in between: a reverse proxy on
 * the same host would make every visitor look local) or for a scraper holding METRICS_TOKEN.
 */
export function mayScrape(request: FastifyRequest, token: string | undefined): boolean {
  const authorization = request.headers.authorization;
  if (token && typeof authorization === 'string' && authorization.startsWith('Bearer ')) {
    if (sameSecret(authorization.slice('Bearer '.length), token)) return true;
  }
  const proxied = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !proxied && isLoopback(request.socket.remoteAddress);
}

function isLoopback(address: string | undefined): boolean {
  return address !== undefined && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));
}

/** Compares digests, so neither the length nor the first differing byte shows in the timing. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A process without the site (the projector) still answers its monitors: /healthz, /readyz and
 * /metrics on a port of its own (PROJECTOR_PORT), so compose can health-check it.
 */
export async function buildMonitorApp(runtime: MonitoredRuntime & Pick<Runtime, 'logger'>): Promise<FastifyInstance> {
  const loggerInstance: FastifyBaseLogger = runtime.logger;
  const app: FastifyInstance = Fastify({ loggerInstance, disableRequestLogging: true });
  installMonitoring(app, runtime);
  await app.ready();
  return app;
}
