/**
 * bench:api's event-store floor: the least any event-sourced booking with sealed personal fields does,
 * built from the product's own parts and nothing else. Fastify + the contract's zod schema, then one
 * ReservationRequested appended to a new stream (expected revision: no stream, an event id from the
 * request) through the embedded store the gateway runs on: EncryptingEventStore (a new guest key,
 * its reference HMAC and one AES-GCM seal per booking) over SqliteEventStore (group commit, fsynced
 * before the answer). No session, no seats, no read models, no mail, no audit: the gateway does all of
 * these on top, so its write figures cannot pass this process's, and the floor against the CRUD peer
 * says how far a write goal set against the peer can be met at all. Started by api.bench.ts, pinned
 * to the servers' CPU; answers stats and stop as the other servers do.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { DEFAULT_BOOKING_HORIZON_DAYS, DEFAULT_TIME_ZONE, publicReservationSchema, todayIn } from '@cafe/contracts';
import { SqliteEventStore } from '../src/platform/event-store/sqlite-event-store.js';
import { EncryptingEventStore } from '../src/platform/personal-data/encrypting-event-store.js';
import { SqliteGuestKeyStore } from '../src/platform/personal-data/sqlite-guest-key-store.js';
import { reservationStream } from '../src/reservations/reservation-decider.js';
import type { ServerMessage } from './api-bench-shared.js';

async function serve(): Promise<void> {
  const zone = process.env.BENCH_ZONE ?? DEFAULT_TIME_ZONE;
  const dir = mkdtempSync(join(tmpdir(), 'cafe-bench-floor-'));
  const file = join(dir, 'events.sqlite');
  const raw = new SqliteEventStore(file);
  const events = new EncryptingEventStore(raw, new SqliteGuestKeyStore(file, raw), 'bench-guest-data-secret-'.padEnd(43, 'x'));

  const app = Fastify({ logger: false });
  app.post('/api/reservations', async (request, reply) => {
    const parsed = publicReservationSchema(todayIn(zone), DEFAULT_BOOKING_HORIZON_DAYS).safeParse(request.body);
    if (!parsed.success) {
      const errors = parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
      return reply.status(422).send({ message: 'Validation failed', errors });
    }
    const reservationId = randomUUID();
    const correlationId = randomUUID();
    const now = new Date().toISOString();
    await events.appendToStream(
      reservationStream(reservationId),
      [
        {
          id: randomUUID(),
          type: 'ReservationRequested',
          data: { reservationId, source: 'public', ...parsed.data },
          metadata: { occurredAt: now, actor: { kind: 'visitor' }, correlationId, causationId: correlationId },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    return reply.status(201).send({ id: reservationId, ...parsed.data, source: 'public', createdAt: now, updatedAt: now, version: 0 });
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });

  const send = (message: ServerMessage) => process.send!(message);
  const remove = () => rmSync(dir, { recursive: true, force: true });
  process.on('message', (message: { type: string }) => {
    if (message.type === 'stats') {
      void raw.headPosition().then((head) => send({ type: 'stats', appended: Number(head), rows: Number(head) }));
    } else if (message.type === 'stop') {
      void app.close().then(async () => {
        await events.close();
        remove();
        process.exit(0);
      });
    }
  });
  process.once('disconnect', () => {
    remove();
    process.exit(1);
  });
  send({ type: 'ready', url, store: `${dir} (the gateway's embedded event store and sealing, nothing else)`, dir });
}

serve().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
