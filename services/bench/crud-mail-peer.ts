/**
 * bench:api's CRUD + mail peer: what a café would otherwise run, mailing inline as Express or Rails apps do.
 * The plain CRUD peer (crud-peer-app.ts: Fastify + zod + better-sqlite3, WAL, an fsync per commit), plus, in
 * one transaction, a seat check (the party sizes of that date's bookings whose stays overlap the new one's,
 * against the seat capacity the gateway bench gives its café) and the INSERT; then, before the 201, the
 * guest's confirmation composed by the product's own composer (reservation-mails.ts through ComposedMails:
 * the same words, HTML and .ics invitation as the gateway's mail), rendered by nodemailer's streamTransport
 * with the options the outbox mailer uses, and written to its own outbox as an .eml, synchronously.
 * Started by api.bench.ts (BENCH_ZONE: the gateway's zone), pinned to one CPU.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { DEFAULT_HOLDING_MINUTES, SEAT_CAPACITY_MAX, fullyBookedMessage } from '@cafe/contracts';
import { loadConfig } from '../src/platform/config.js';
import type { EventStore, RecordedEvent } from '../src/platform/event-store/event-store.js';
import { MemoryDocumentStore } from '../src/platform/document-store/memory-document-store.js';
import { mailContext } from '../src/platform/mailer/mail-composer.js';
import { ComposedMails } from '../src/notifications/composed-mails.js';
import { reservationMails, reservationStream } from '../src/reservations/index.js';
import { mailFacts } from '../src/features.js';
import { PUBLIC_URL, outboxIn } from './api-bench-shared.js';
import { insertReservation, serveCrudPeer, type PeerRow } from './crud-peer-app.js';

/** 'HH:MM' ± minutes, as text that orders as the times do ('' before every time, '24:30' after them). */
const shifted = (time: string, minutes: number) => {
  const at = Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)) + minutes;
  return at < 0 ? '' : `${String(Math.floor(at / 60)).padStart(2, '0')}:${String(at % 60).padStart(2, '0')}`;
};

/** A ReservationRequested's confirmation reads no stream (its details are in the event): nothing to fold here. */
const noStreams = new Proxy({} as EventStore, {
  get: (_, key) => {
    throw new Error(`the CRUD + mail peer has no event store (${String(key)})`);
  },
});

serveCrudPeer({
  prefix: 'cafe-bench-mail-peer-',
  label: 'better-sqlite3, WAL, synchronous = FULL; a seat check, and the confirmation mailed inline',
  keeper: (db, dir) => {
    // The gateway bench's café (roomyCafe): the most seats business info allows, each booking holding its seats two hours.
    const [capacity, holding] = [SEAT_CAPACITY_MAX, DEFAULT_HOLDING_MINUTES];
    db.exec('CREATE INDEX reservations_by_time ON reservations (date, time)');
    const insert = insertReservation(db);
    // Bookings whose stays overlap [time, time + holding): those starting less than `holding` before or after it.
    const seated = db
      .prepare<[string, string, string], number>(
        'SELECT coalesce(sum(party_size), 0) FROM reservations WHERE date = ? AND time > ? AND time < ?',
      )
      .pluck();
    const seatAndInsert = db.transaction((row: PeerRow) => {
      if (seated.get(row.date, shifted(row.time, -holding), shifted(row.time, holding))! + row.partySize > capacity) return false;
      insert.run(row);
      return true;
    });

    const outbox = outboxIn(dir);
    mkdirSync(outbox, { recursive: true, mode: 0o700 });
    const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', SEED_DEMO: 'false', PUBLIC_URL, WEB_DIST: join(dir, 'no-web') });
    const runtime = { config, eventStore: noStreams, documents: new MemoryDocumentStore() };
    const composer = new ComposedMails([reservationMails]);
    // As the outbox mailer: the full RFC 822 message rendered without sending it, under MAIL_FROM's address.
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    const address = /<([^>]+)>\s*$/.exec(config.mailFrom)?.[1] ?? config.mailFrom.trim();
    let mails = 0;

    return {
      outbox,
      mails: () => mails,
      async book(row) {
        if (!seatAndInsert(row)) return fullyBookedMessage(row.time);
        const { id: reservationId, createdAt, updatedAt: _u, version: _v, specialRequests, ...details } = row;
        const event: RecordedEvent = {
          id: randomUUID(),
          type: 'ReservationRequested',
          streamId: reservationStream(reservationId),
          revision: 0n,
          position: 0n,
          data: { reservationId, ...details, ...(specialRequests ? { specialRequests } : {}) },
          metadata: { occurredAt: createdAt, actor: { kind: 'visitor' }, correlationId: reservationId, causationId: reservationId },
          recordedAt: createdAt,
        };
        for (const { message } of await composer.compose(event, mailContext(runtime, mailFacts))) {
          const { fromName, ...rest } = message;
          const info = await transport.sendMail({
            ...rest,
            from: fromName ? { name: fromName, address } : config.mailFrom,
            textEncoding: 'quoted-printable',
            envelope: { from: address, to: message.to },
          });
          const stamp = new Date().toISOString().replace(/[:.]/g, '-');
          const file = join(outbox, `${stamp}-${info.messageId.replace(/[^\w.@-]/g, '')}.eml`);
          writeFileSync(file, info.message as Buffer, { mode: 0o600 });
          mails++;
        }
        return null;
      },
    };
  },
});
