import { Worker } from 'node:worker_threads';
import { serialize } from 'node:v8';
import type { RecordedEvent } from '../event-store/event-store.js';
import type { Doc } from '../document-store/document-store.js';
import type { FromWorker, ToWorker, WorkerSetup } from './parallel-protocol.js';

/** Where a worker finds the projections: a module (file URL) and the export listing them (or features carrying them). */
export interface ProjectionSource {
  module: string;
  exportName: string;
}

/** How an engine shares a long catch-up with a worker thread. */
export interface ParallelOptions extends ProjectionSource {
  /** Events behind at least (default 20,000): a shorter catch-up is over before a worker has loaded. */
  minEvents?: number;
  /** Waits for the worker before reading (tests, whose logs are over before it loads). */
  awaitWorker?: boolean;
}

/** Final documents from the worker, by collection: puts, and the ids its events deleted. */
export type WorkerDocs = Map<string, { puts: Doc[]; deletes: string[] }>;

/**
 * The main thread's end of a catch-up worker (projection-worker.ts): started at once (it loads its
 * modules while the engine reads the first pages), told which projections to run once it is ready,
 * handed every page of events in order, asked for the final documents at the end.
 */
export class CatchUpWorker {
  private readonly worker: Worker;
  private names: Set<string> | null = null;
  private failure: Error | null = null;
  private finished: { resolve(docs: WorkerDocs): void; reject(error: Error): void } | null = null;
  private readonly docs: WorkerDocs = new Map();
  /** CPU time the worker's thread used, once it is done. */
  cpuMs = 0;

  constructor(source: ProjectionSource) {
    const setup: WorkerSetup = { module: source.module, exportName: source.exportName };
    // In the sources (tsx, vitest) the worker is TypeScript and needs tsx's loader; built, it is the bundle's own entry.
    const typescript = import.meta.url.endsWith('.ts');
    const file = new URL(typescript ? './projection-worker.ts' : './projection-worker.js', import.meta.url);
    const loader = typescript && !process.execArgv.some((arg) => arg.includes('tsx')) ? ['--import', 'tsx'] : [];
    this.worker = new Worker(file, { workerData: setup, execArgv: [...process.execArgv, ...loader] });
    this.worker.unref();
    this.worker.on('message', (message: FromWorker) => this.receive(message));
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => this.fail(new Error(`the catch-up worker exited (${code})`)));
  }

  /** The projections the worker can run, once it has loaded them; null before (or when it failed). */
  get ready(): ReadonlySet<string> | null {
    return this.failure ? null : this.names;
  }

  /** Resolves once the worker has loaded its projections, or failed. */
  async whenReady(): Promise<void> {
    while (!this.names && !this.failure) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  get failed(): Error | null {
    return this.failure;
  }

  assign(names: string[]): void {
    this.send({ kind: 'assign', names });
  }

  /** A page of events in log order (only those its projections handle need be given). */
  post(events: readonly RecordedEvent[]): void {
    if (events.length === 0 || this.failure) return;
    this.send({ kind: 'page', page: serialize(events) });
  }

  /** The final documents of the assigned projections; rejects when the worker failed. */
  finish(): Promise<WorkerDocs> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.finished = { resolve, reject };
      this.send({ kind: 'end' });
    });
  }

  async close(): Promise<void> {
    this.worker.removeAllListeners('exit');
    await this.worker.terminate();
  }

  private send(message: ToWorker): void {
    if (!this.failure) this.worker.postMessage(message);
  }

  private receive(message: FromWorker): void {
    switch (message.kind) {
      case 'ready':
        this.names = new Set(message.names);
        return;
      case 'docs': {
        let entry = this.docs.get(message.collection);
        if (!entry) this.docs.set(message.collection, (entry = { puts: [], deletes: [] }));
        for (const doc of JSON.parse(message.json) as (Doc | string)[]) {
          if (typeof doc === 'string') entry.deletes.push(doc);
          else entry.puts.push(doc);
        }
        return;
      }
      case 'done':
        this.cpuMs = message.cpuMs;
        this.finished?.resolve(this.docs);
        this.finished = null;
        return;
      case 'failed':
        this.fail(new Error(message.message));
    }
  }

  private fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    this.finished?.reject(error);
    this.finished = null;
  }
}

/**
 * The projections the worker takes: the costliest of those it may run first, until it holds about
 * half of everything measured (the main thread also reads and opens the log, `mainMs`).
 */
export function assignToWorker(costs: ReadonlyMap<string, number>, eligible: ReadonlySet<string>, mainMs: number): string[] {
  let total = mainMs;
  costs.forEach((ms) => (total += ms));
  const candidates = [...costs].filter(([name]) => eligible.has(name)).sort((a, b) => b[1] - a[1]);
  const taken: string[] = [];
  let load = 0;
  for (const [name, ms] of candidates) {
    if (load + ms > total / 2 + ms / 2) continue;
    taken.push(name);
    load += ms;
  }
  return taken;
}
