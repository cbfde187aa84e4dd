import { join } from 'node:path';
import type { Config } from '../config.js';
import type { EventStore } from '../event-store/event-store.js';
import type { DocumentStore } from '../document-store/document-store.js';
import { SqliteEventStore } from '../event-store/sqlite-event-store.js';
import { MemoryDocumentStore } from '../document-store/memory-document-store.js';

export interface Stores {
  eventStore: EventStore;
  documents: DocumentStore;
  close(): Promise<void>;
}

/** Picks the adapters for STORE: embedded (SQLite + memory) or the real servers. */
export async function openStores(config: Config): Promise<Stores> {
  if (config.store === 'eventstoredb') {
    const { EventStoreDbEventStore } = await import('../event-store/eventstoredb-event-store.js');
    const { MongoDocumentStore } = await import('../document-store/mongo-document-store.js');
    const eventStore = EventStoreDbEventStore.connect(config.eventStoreUrl!);
    const documents = await MongoDocumentStore.connect(config.mongoUrl!, config.mongoDb);
    return {
      eventStore,
      documents,
      close: async () => {
        await eventStore.close();
        await documents.close();
      },
    };
  }
  const eventStore = new SqliteEventStore(join(config.dataDir, 'events.sqlite'));
  const documents = new MemoryDocumentStore();
  return {
    eventStore,
    documents,
    close: async () => {
      await documents.close();
      await eventStore.close();
    },
  };
}
