import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { EventStore } from '../event-store/event-store.js';
import type { ProjectionStatus } from '../projections/projection-engine.js';
import { RequestHistogram } from './request-histogram.js';

/**
 * What a process reports on /metrics (Prometheus text format). One registry per runtime, so tests
 * that build many runtimes in one process never mix their counts; the process metrics (CPU, memory,
 * event-loop delay, GC) are per process and live in one shared registry.
 */
export interface Metrics {
  /** The scrape: this runtime's series, then the process's. */
  scrape(): Promise<{ contentType: string; text: string }>;
  /** One histogram observe per answered request; its `_count` series is the request counter. */
  observeRequest(method: string, route: string, statusCode: number, ms: number): void;
  readonly appendSeconds: Histogram;
  readonly mailQueue: Gauge;
  readonly mailsSent: Counter<'transport'>;
  readonly mailFailures: Counter;
  /** Where each projection's checkpoint, head and lag are read from when /metrics is scraped. */
  setProjectionSource(source: () => Promise<ProjectionStatus[]>): void;
}

/** A request that matched no route is counted under this label, never under its raw URL. */
export const UNMATCHED_ROUTE = '(unmatched)';

let processRegistry: Registry | null = null;

function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  const requestSeconds = new RequestHistogram(
    'cafe_http_request_duration_seconds',
    'Time from request to answer, by route pattern, method and status code (its _count is the request count).',
    [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registry,
  );
  const appendSeconds = new Histogram({
    name: 'cafe_event_store_append_duration_seconds',
    help: 'Time an append to the event store takes until it is durable (acknowledged).',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  let projectionSource: (() => Promise<ProjectionStatus[]>) | null = null;
  // One read of the projections per scrape, shared by the three gauges.
  let reading: Promise<ProjectionStatus[]> | null = null;
  const projections = (): Promise<ProjectionStatus[]> => {
    if (!projectionSource) return Promise.resolve([]);
    reading ??= projectionSource().finally(() => {
      reading = null;
    });
    return reading;
  };
  const projectionGauge = (name: string, help: string, value: (s: ProjectionStatus) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['projection'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const status of await projections()) this.set({ projection: status.name }, value(status));
      },
    });
  projectionGauge('cafe_projection_checkpoint', "The position of $all each projection's read model holds.", (s) => Number(s.checkpoint));
  projectionGauge('cafe_projection_head', 'The last position of $all in the event store, as each projection saw it.', (s) =>
    Number(s.head),
  );
  projectionGauge('cafe_projection_lag', 'How far each projection is behind the head of $all (positions).', (s) => s.lag);
  const mailQueue = new Gauge({
    name: 'cafe_mail_queue_length',
    help: 'Mails waiting to be sent: queued now or waiting for a retry.',
    registers: [registry],
  });
  const mailsSent = new Counter({
    name: 'cafe_mails_sent_total',
    help: 'Mails the mail server (or the outbox) accepted.',
    labelNames: ['transport'] as const,
    registers: [registry],
  });
  const mailFailures = new Counter({
    name: 'cafe_mail_failures_total',
    help: 'Send attempts the mail server refused (each is retried with backoff, up to 5 attempts).',
    registers: [registry],
  });
  return {
    async scrape() {
      const own = await registry.metrics();
      return { contentType: registry.contentType, text: `${own}\n${await processMetrics().metrics()}` };
    },
    observeRequest(method, route, statusCode, ms) {
      requestSeconds.observe(method, route, statusCode, ms / 1000);
    },
    appendSeconds,
    mailQueue,
    mailsSent,
    mailFailures,
    setProjectionSource(source) {
      projectionSource = source;
    },
  };
}

/**
 * Times every append of this event store instance (commands, the e-mail reactor's claims, seeding).
 * The instance keeps its class and everything else it offers (the embedded store's database, stats).
 */
export function timeAppends(eventStore: EventStore, metrics: Pick<Metrics, 'appendSeconds'>): void {
  const append = eventStore.appendToStream.bind(eventStore);
  const appendMany = eventStore.appendToStreams.bind(eventStore);
  const timed =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const end = metrics.appendSeconds.startTimer();
      try {
        return await run(...args);
      } finally {
        end();
      }
    };
  eventStore.appendToStream = timed(append);
  eventStore.appendToStreams = timed(appendMany);
}
