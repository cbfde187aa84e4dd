import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { EventStore } from '../event-store/event-store.js';
import type { DocumentStore } from '../document-store/document-store.js';
import type { BlobStore } from '../blob-store/blob-store.js';
import type { SessionStorePort } from '../sessions/session-store.js';
import { createMailer, type Mailer } from '../mailer/mailer.js';
import { SqliteEventStore } from '../event-store/sqlite-event-store.js';
import { MemoryDocumentStore } from '../document-store/memory-document-store.js';
import { SqliteDocumentStore } from '../document-store/sqlite-document-store.js';
import { FsBlobStore } from '../blob-store/fs-blob-store.js';
import { SqliteSessionStore } from '../sessions/sqlite-session-store.js';
import { ensurePrivateDir } from '../private-files.js';
import { EncryptingEventStore, type GuestData } from '../personal-data/encrypting-event-store.js';
import { SqliteGuestKeyStore } from '../personal-data/sqlite-guest-key-store.js';
import { DEVELOPMENT_GUEST_DATA_SECRET, embeddedGuestDataSecret } from '../personal-data/guest-data-secret.js';

/**
 * The composition root of the ports: the one place that picks an adapter for each port from STORE.
 * Embedded (the default): SQLite events, read models in memory and persisted beside them, files in DATA_DIR. STORE=eventstoredb:
 * EventStoreDB, MongoDB read models, GridFS and a MongoDB session collection.
 */
export interface Stores {
  /** Seals guests' personal fields with their keys (a decorator over the store's adapter). */
  eventStore: EventStore;
  documents: DocumentStore;
  /** Erasure of a guest: absent when a test hands in a bare event store. */
  guestData?: GuestData;
  close(): Promise<void>;
}

export interface Ports extends Stores {
  blobs: BlobStore;
  sessions: SessionStorePort;
  mailer: Mailer;
}

/**
 * The event store and the read models. Embedded, the gateway's read models persist in
 * DATA_DIR/read-models.sqlite; other processes (the operator commands) replay into memory, so they
 * never write under a running gateway.
 */
export async function openStores(
  config: Config,
  options: { persistReadModels?: boolean; logger?: Logger; onDisk?: Record<string, readonly string[]> } = {},
): Promise<Stores> {
  if (config.store === 'eventstoredb') {
    const { EventStoreDbEventStore } = await import('../event-store/eventstoredb-event-store.js');
    const { MongoDocumentStore } = await import('../document-store/mongo-document-store.js');
    const { MongoGuestKeyStore } = await import('../personal-data/mongo-guest-key-store.js');
    const keys = await MongoGuestKeyStore.connect(config.mongoUrl!, config.mongoDb);
    const eventStore = new EncryptingEventStore(
      EventStoreDbEventStore.connect(config.eventStoreUrl!),
      keys,
      config.guestDataSecret ?? DEVELOPMENT_GUEST_DATA_SECRET,
    );
    const documents = await MongoDocumentStore.connect(config.mongoUrl!, config.mongoDb);
    return {
      eventStore,
      documents,
      guestData: eventStore,
      close: async () => {
        await eventStore.close();
        await documents.close();
      },
    };
  }
  ensurePrivateDir(config.dataDir);
  const file = join(config.dataDir, 'events.sqlite');
  const events = new SqliteEventStore(file);
  const eventStore = new EncryptingEventStore(events, new SqliteGuestKeyStore(file, events), embeddedGuestDataSecret(config));
  const documents = options.persistReadModels
    ? new SqliteDocumentStore(join(config.dataDir, 'read-models.sqlite'), { logger: options.logger, onDisk: options.onDisk })
    : new MemoryDocumentStore();
  return {
    eventStore,
    documents,
    guestData: eventStore,
    close: async () => {
      await documents.close();
      await eventStore.close();
    },
  };
}

export async function openBlobStore(config: Config): Promise<BlobStore> {
  if (config.store === 'eventstoredb') {
    const { GridFsBlobStore } = await import('../blob-store/gridfs-blob-store.js');
    return GridFsBlobStore.connect(config.mongoUrl!, config.mongoDb);
  }
  return new FsBlobStore(join(config.dataDir, 'uploads'));
}

export async function openSessionStore(config: Config): Promise<SessionStorePort> {
  if (config.store === 'eventstoredb') {
    const { MongoSessionStore } = await import('../sessions/mongo-session-store.js');
    return MongoSessionStore.connect(config.mongoUrl!, config.mongoDb);
  }
  ensurePrivateDir(config.dataDir);
  return new SqliteSessionStore(join(config.dataDir, 'sessions.sqlite'));
}

/** Every port a process uses, opened together and closed together (last opened, first closed). */
export async function openPorts(
  config: Config,
  logger: Logger,
  options: { stores?: Stores; onDisk?: Record<string, readonly string[]> } = {},
): Promise<Ports> {
  const opened = options.stores ?? (await openStores(config, { persistReadModels: true, logger, onDisk: options.onDisk }));
  const blobs = await openBlobStore(config);
  const sessions = await openSessionStore(config);
  return {
    eventStore: opened.eventStore,
    documents: opened.documents,
    guestData: opened.guestData,
    blobs,
    sessions,
    mailer: createMailer(config, logger),
    close: async () => {
      await sessions.close();
      await blobs.close();
      await opened.close();
    },
  };
}
