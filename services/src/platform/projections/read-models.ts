import type { Position } from '../event-store/event-store.js';
import type { Doc, DocumentStore } from '../document-store/document-store.js';
import { ALL_APPLIED, CHECKPOINTS, type ProjectionEngine } from './projection-engine.js';

/** What the gateway needs of the projector: to wait until the read models hold a write. */
export interface ReadModelWaiter {
  waitFor(position: Position, timeoutMs?: number): Promise<void>;
  /** The projection's version (see ProjectionEngine.versionOf): what cached answers are keyed by. */
  versionOf(projection: string): Promise<string>;
}

/** Embedded mode: the engine runs in the same process, so waiting is immediate. */
export function engineWaiter(engine: ProjectionEngine): ReadModelWaiter {
  return {
    waitFor: (position, timeoutMs) => engine.waitFor(position, timeoutMs),
    versionOf: async (projection) => engine.versionOf(projection),
  };
}

/**
 * Production mode: the projector is another process. Poll the checkpoints it writes until every
 * projection has passed the position, within a bounded wait.
 */
export function checkpointWaiter(documents: DocumentStore, projectionNames: string[], pollMs = 25): ReadModelWaiter {
  return {
    async versionOf(projection) {
      const doc = await documents.collection(CHECKPOINTS).get(projection);
      const version = doc?.changedAt ?? doc?.position;
      return typeof version === 'string' ? version : '0';
    },
    async waitFor(position, timeoutMs = 5000) {
      // The deadline is a timer, not a check between queries: a query MongoDB never answers (its
      // server selection alone waits 30 s) still ends the wait on time.
      let timer: NodeJS.Timeout | undefined;
      let expired = false;
      const deadline = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => {
          expired = true;
          reject(new Error(`Read models did not reach position ${position} within ${timeoutMs} ms`));
        }, timeoutMs);
      });
      const ids = [ALL_APPLIED, ...projectionNames];
      const passed = (doc: Doc | undefined) => doc !== undefined && BigInt(String(doc.position)) >= position;
      const poll = async () => {
        while (!expired) {
          const docs = await documents.collection(CHECKPOINTS).find({ _id: { $in: ids } });
          // The projector's one checkpoint for all (a projector from before it: every projection's own).
          const own = docs.filter((d) => d._id !== ALL_APPLIED);
          const reached =
            passed(docs.find((d) => d._id === ALL_APPLIED)) || (own.length === projectionNames.length && own.every((d) => passed(d)));
          if (reached) return;
          await new Promise((r) => setTimeout(r, pollMs));
        }
      };
      const polling = poll();
      polling.catch(() => undefined); // a query failing after the deadline has nobody to tell
      try {
        await Promise.race([polling, deadline]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
