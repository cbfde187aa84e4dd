/** What a parallel catch-up's worker is given at start: where its projections are defined. */
export interface WorkerSetup {
  /** A module URL (file: URL) whose export lists the projections (or features that carry them). */
  module: string;
  exportName: string;
}

export type ToWorker =
  | { kind: 'assign'; names: string[] }
  /** A page of events (v8-serialised RecordedEvent[]), in log order. */
  | { kind: 'page'; page: Uint8Array }
  | { kind: 'end' };

export type FromWorker =
  | { kind: 'ready'; names: string[] }
  /** Final documents of one collection (a JSON array), several messages per collection. */
  | { kind: 'docs'; collection: string; json: string }
  /** All sent; with the CPU time the worker's thread used (ms), for the log. */
  | { kind: 'done'; cpuMs: number }
  | { kind: 'failed'; message: string };
