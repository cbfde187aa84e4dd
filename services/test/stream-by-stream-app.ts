import { FakeEventStoreDbServer } from '../src/platform/event-store/eventstoredb-fake-server.js';
import { EventStoreDbEventStore } from '../src/platform/event-store/eventstoredb-event-store.js';
import { MemoryDocumentStore } from '../src/platform/document-store/memory-document-store.js';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.js';

/**
 * The app on the stand-in EventStoreDB server (eventstoredb-fake-server.ts) through the real adapter: a
 * decision's streams are appended one after the other, as on EventStoreDB 24.10 with @eventstore/db-client.
 * Read models in memory, projections in the app's process.
 */
export async function appAppendingStreamByStream(options: TestAppOptions = {}): Promise<{ t: TestApp; server: FakeEventStoreDbServer }> {
  const server = new FakeEventStoreDbServer();
  const eventStore = new EventStoreDbEventStore(server.client());
  const documents = new MemoryDocumentStore();
  const t = await createTestApp({ ...options, stores: { eventStore, documents, close: () => eventStore.close() } });
  return { t, server };
}

/**
 * The next append that reaches the server for `stream` finds that another writer (`write`) got there
 * first: its expected revision is stale, a conflict. Once. Answers whether it happened.
 */
export function anotherWriterFirst(server: FakeEventStoreDbServer, stream: string, write: () => Promise<unknown>): () => boolean {
  let done = false;
  server.faults.beforeAppend = async (name) => {
    if (done || name !== stream) return;
    done = true;
    await write();
  };
  return () => done;
}
