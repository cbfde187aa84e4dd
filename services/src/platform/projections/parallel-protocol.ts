import type { MessagePort } from 'node:worker_threads';
import type { SealedLog } from '../personal-data/sealed-log-reader.js';

/**
 * What a catch-up's reader thread is given at start: the log it reads (its files, what seals, what
 * erased reads as), and the port it hands pages over on (the engine takes them without a turn of its
 * event loop; everything else goes over the worker's own channel).
 */
export interface ReaderSetup {
  files: SealedLog;
  pages: MessagePort;
}

/** Events per page of a catch-up, read by the engine or handed over by the reader; a shorter page is the log's last. */
export const CATCH_UP_PAGE = 2_000;

export type ToReader =
  /** Read from just after this position on, a few pages ahead of the engine. */
  | { kind: 'read'; after: number }
  /** The engine took a page: one more may be read ahead. */
  | { kind: 'more' };

/** Events after `after`, opened, as one JSON array (SealedLogReader.read); fewer than a page is the last. Sent on ReaderSetup.pages. */
export interface ReaderPage {
  after: number;
  json: string;
  count: number;
  last: number;
}

export type FromReader =
  | { kind: 'ready' }
  /** A page was put on the pages port: wakes an engine waiting for one. */
  | { kind: 'page' }
  | { kind: 'failed'; message: string };
