/**
 * What bench:api's two CRUD peers share (crud-peer.ts, crud-mail-peer.ts): Fastify + zod + better-sqlite3,
 * one table of reservations and one of blocked dates, WAL with `synchronous = FULL` (every commit is fsynced
 * before the answer). POST /api/reservations parses the body with the contract schema the gateway uses and
 * hands the row to the peer's own `book`; GET /api/blocked-dates answers the gateway's rows and shape.
 * Answers the driver's stats, rows and stop, as the other servers do. BENCH_ZONE: the gateway's zone.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import {
  DEFAULT_BOOKING_HORIZON_DAYS,
  DEFAULT_TIME_ZONE,
  publicReservationSchema,
  todayIn,
  type ReservationDetails,
} from '@cafe/contracts';
import { BENCH_BLOCKED, removeServerDir, type ServerMessage } from './api-bench-shared.js';

export type PeerRow = Omit<ReservationDetails, 'specialRequests'> & {
  id: string;
  specialRequests: string | null;
  source: string;
  createdAt: string;
  updatedAt: string;
  version: number;
};

/** How one peer keeps a booking: a 409 message when it refuses it, nothing once it is stored (and mailed). */
export interface PeerKeeper {
  book(row: PeerRow): string | null | Promise<string | null>;
  /** The mails written so far (the mail peer). */
  mails?(): number;
  /** Where the mails are written (the mail peer). */
  outbox?: string;
}

export interface PeerSpec {
  /** The store's temporary directory's prefix. */
  prefix: string;
  /** What the driver prints of the store. */
  label: string;
  keeper(db: Database.Database, dir: string, zone: string): PeerKeeper;
}

/** One reservation row, as both peers insert it. */
export const insertReservation = (db: Database.Database) =>
  db.prepare<PeerRow>(`INSERT INTO reservations VALUES
    (@id, @name, @email, @phone, @partySize, @date, @time, @specialRequests, @source, @createdAt, @updatedAt, @version)`);

export function serveCrudPeer(spec: PeerSpec): void {
  serve(spec).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

async function serve(spec: PeerSpec): Promise<void> {
  const zone = process.env.BENCH_ZONE ?? DEFAULT_TIME_ZONE;
  const dir = mkdtempSync(join(tmpdir(), spec.prefix));
  const db = new Database(join(dir, 'peer.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec(`
    CREATE TABLE reservations (
      id TEXT PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL, phone TEXT NOT NULL,
      party_size INTEGER NOT NULL, date TEXT NOT NULL, time TEXT NOT NULL, special_requests TEXT,
      source TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, version INTEGER NOT NULL
    );
    CREATE TABLE blocked_dates (id TEXT PRIMARY KEY, date TEXT NOT NULL UNIQUE, reason TEXT NOT NULL);
  `);
  const block = db.prepare('INSERT INTO blocked_dates (id, date, reason) VALUES (?, ?, ?)');
  for (const b of BENCH_BLOCKED(todayIn(zone))) block.run(b.id, b.date, b.reason);
  const keeper = spec.keeper(db, dir, zone);

  const blockedDates = db.prepare('SELECT id, date, reason FROM blocked_dates ORDER BY date');
  const count = db.prepare('SELECT count(*) AS n FROM reservations').pluck();

  const app = Fastify({ logger: false });
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/api/blocked-dates', async () => blockedDates.all());
  app.post('/api/reservations', async (request, reply) => {
    const parsed = publicReservationSchema(todayIn(zone), DEFAULT_BOOKING_HORIZON_DAYS).safeParse(request.body);
    if (!parsed.success) {
      const errors = parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
      return reply.status(422).send({ message: 'Validation failed', errors });
    }
    const now = new Date().toISOString();
    const row: PeerRow = {
      id: randomUUID(),
      ...parsed.data,
      specialRequests: parsed.data.specialRequests ?? null,
      source: 'public',
      createdAt: now,
      updatedAt: now,
      version: 0,
    };
    const refused = await keeper.book(row);
    if (refused) return reply.status(409).send({ message: refused });
    return reply.status(201).send(row);
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });

  const send = (message: ServerMessage) => process.send!(message);
  process.on('message', (message: { type: string }) => {
    if (message.type === 'stats') {
      const rows = count.get() as number;
      send({ type: 'stats', appended: rows, rows, ...(keeper.mails ? { mails: keeper.mails() } : {}) });
    } else if (message.type === 'rows') {
      send({ type: 'rows', rows: count.get() as number });
    } else if (message.type === 'stop') {
      void app.close().then(() => {
        db.close();
        removeServerDir(dir);
        process.exit(0);
      });
    }
  });
  process.once('disconnect', () => {
    removeServerDir(dir);
    process.exit(1);
  });
  send({ type: 'ready', url, store: `${dir} (${spec.label})`, dir, ...(keeper.outbox ? { outbox: keeper.outbox } : {}) });
}
