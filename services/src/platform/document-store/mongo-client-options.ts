import { MongoClient, type MongoClientOptions } from 'mongodb';

/**
 * The bounds every MongoDB connection of the product takes (read models, guest keys, sessions, GridFS).
 * The driver's defaults wait for ever on a MongoDB that accepts connections but never answers (no socket
 * timeout), and 30 s to find a server: the projector froze with /readyz green. Its `timeoutMS` would
 * bound an operation whole, but driver 6.22 ignores it (deprecated, "has no effect"), so:
 * - a server is found within 10 s (still rides out a replica-set election), a connection made within 10 s;
 * - the server stops a read or a write after `MONGO_OPERATION_MAX_MS` (`maxTimeMS`, passed per call);
 * - a connection silent for `socketTimeoutMS` with a request outstanding is closed and the call fails:
 *   longer than maxTimeMS, so a server that is alive answers with its own refusal first.
 * An option the URL sets wins (the driver lets the options object override the URL, so it is left out).
 */
export const MONGO_SERVER_SELECTION_TIMEOUT_MS = 10_000;
export const MONGO_CONNECT_TIMEOUT_MS = 10_000;
export const MONGO_SOCKET_TIMEOUT_MS = 30_000;
/** `maxTimeMS` of every read and write the stores send. */
export const MONGO_OPERATION_MAX_MS = 15_000;

const DEFAULTS = {
  serverSelectionTimeoutMS: MONGO_SERVER_SELECTION_TIMEOUT_MS,
  connectTimeoutMS: MONGO_CONNECT_TIMEOUT_MS,
  socketTimeoutMS: MONGO_SOCKET_TIMEOUT_MS,
} as const;

/** The bounds above, less those the connection string sets itself. */
export function mongoClientOptions(url: string): MongoClientOptions {
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  const set = new Set(query.split('&').map((pair) => pair.split('=')[0]!.toLowerCase()));
  return Object.fromEntries(Object.entries(DEFAULTS).filter(([name]) => !set.has(name.toLowerCase())));
}

/** Every MongoDB connection of the product opens here, with the bounds above. */
export function connectMongo(url: string): Promise<MongoClient> {
  return MongoClient.connect(url, mongoClientOptions(url));
}
