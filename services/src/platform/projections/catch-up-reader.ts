/**
 * A catch-up's reader thread (parallel-catch-up.ts): reads the embedded log page by page on a
 * connection of its own and opens the guests' sealed fields (the row parsing and the AES-GCM work),
 * a few pages ahead of the engine, which applies every projection on its own thread. Handing events
 * over is one string per page; nothing comes back, so nothing big is copied to the engine at the end.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { SealedLogReader } from '../personal-data/sealed-log-reader.js';
import { CATCH_UP_PAGE as PAGE, type FromReader, type ReaderPage, type ReaderSetup, type ToReader } from './parallel-protocol.js';
/** Pages read ahead of the engine, at most. */
const AHEAD = 4;

const port = parentPort!;
const post = (message: FromReader) => port.postMessage(message);
const failed = (error: unknown) =>
  post({ kind: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });

try {
  const { files, pages } = workerData as ReaderSetup;
  const reader = new SealedLogReader(files);
  let after = -1;
  let credit = AHEAD;
  let done = false;
  const pump = () => {
    while (!done && after >= 0 && credit > 0) {
      const page = reader.read(after, PAGE);
      pages.postMessage({ after, json: page.json, count: page.count, last: page.last } satisfies ReaderPage);
      post({ kind: 'page' });
      credit--;
      after = page.last;
      if (page.count < PAGE) {
        done = true;
        reader.close();
      }
    }
  };
  port.on('message', (message: ToReader) => {
    try {
      if (message.kind === 'read') after = message.after;
      else credit++;
      pump();
    } catch (error) {
      failed(error);
    }
  });
  post({ kind: 'ready' });
} catch (error) {
  failed(error);
}
