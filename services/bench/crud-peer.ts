/**
 * bench:api's CRUD peer: what a plain implementation of the same public routes costs. Fastify + zod +
 * better-sqlite3, one table of reservations and one of blocked dates, WAL with `synchronous = FULL`
 * (every commit is fsynced before the answer). POST /api/reservations parses the body with the contract
 * schema the gateway uses and does one INSERT; GET /api/blocked-dates answers the gateway's rows and
 * shape. Started by api.bench.ts (BENCH_ZONE: the gateway's zone), pinned to one CPU.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import { DEFAULT_BOOKING_HORIZON_DAYS, DEFAULT_TIME_ZONE, publicReservationSchema, todayIn } from '@cafe/contracts';
import { BENCH_BLOCKED, type ServerMessage } from './api-bench-shared.js';

async function serve(): Promise<void> {
  const zone = process.env.BENCH_ZONE ?? DEFAULT_TIME_ZONE;
  const dir = mkdtempSync(join(tmpdir(), 'cafe-bench-peer-'));
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

  const insert = db.prepare(`INSERT INTO reservations VALUES
    (@id, @name, @email, @phone, @partySize, @date, @time, @specialRequests, @source, @createdAt, @updatedAt, @version)`);
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
    const row = {
      id: randomUUID(),
      ...parsed.data,
      specialRequests: parsed.data.specialRequests ?? null,
      source: 'public',
      createdAt: now,
      updatedAt: now,
      version: 0,
    };
    insert.run(row);
    return reply.status(201).send(row);
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });

  const send = (message: ServerMessage) => process.send!(message);
  process.on('message', (message: { type: string }) => {
    if (message.type === 'stats') {
      const rows = count.get() as number;
      send({ type: 'stats', appended: rows, rows });
    } else if (message.type === 'stop') {
      void app.close().then(() => {
        db.close();
        rmSync(dir, { recursive: true, force: true });
        process.exit(0);
      });
    }
  });
  process.once('disconnect', () => {
    rmSync(dir, { recursive: true, force: true });
    process.exit(1);
  });
  send({ type: 'ready', url, store: `${dir} (better-sqlite3, WAL, synchronous = FULL)`, dir });
}

serve().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
