/**
 * bench:api's all-in measure: a booking counts once its guest's mail is written and the reservations read
 * model holds it, not when it is answered. The driver counts the .eml files in the server's outbox (from its
 * own CPU, so the server is not disturbed) and asks the server its reservations count only once every mail
 * is there.
 */
import { readdirSync } from 'node:fs';
import { cpuSeconds } from './pinned-child.js';

/** A side's bookings all in: from its run's start until the last mail is written and the read model holds them all. */
export interface AllIn {
  /** The run's 201s. */
  bookings: number;
  /** 201s per second of the load generator's run. */
  answeredPerSecond: number;
  /** Seconds from the run's start until all in. */
  seconds: number;
  perSecond: number;
  /** The server's CPU from the run's start until all in, per booking. */
  cpuMsPerBooking: number;
}

/** The mails an outbox holds (none before its first), half-written ones (.tmp) left out. */
export function mailFiles(dir: string): string[] {
  try {
    return readdirSync(dir).filter((f) => f.endsWith('.eml'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** A mail's Message-ID (its source event's id) as the file names it, past the time stamp: the same mail twice shares it. */
export const mailIdOf = (file: string) => file.replace(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-/, '').replace(/\.eml$/, '');

export interface AllInWatch {
  pid: number;
  outbox: string;
  /** The outbox's mails and the read model's rows when the run started. */
  mailsBefore: number;
  rowsBefore: number;
  rows: () => Promise<number>;
  /** performance.now() and the server's cpuSeconds at the run's start. */
  start: number;
  cpuBefore: number;
}

const POLL_MS = 50;
const pause = () => new Promise((r) => setTimeout(r, POLL_MS));

/**
 * Waits (polling every 50 ms, at most `timeoutSeconds` past the call) until the outbox holds a mail for each
 * of the run's `bookings` and the read model holds them all; the run's all-in figures, or null on time-out.
 */
export async function untilAllIn(
  watch: AllInWatch,
  run: { ok2xx: number; rps: number; requests: number },
  timeoutSeconds = 120,
): Promise<AllIn | null> {
  const deadline = performance.now() + timeoutSeconds * 1000;
  const bookings = run.ok2xx;
  while (mailFiles(watch.outbox).length - watch.mailsBefore < bookings) {
    if (performance.now() > deadline) return null;
    await pause();
  }
  while ((await watch.rows()) - watch.rowsBefore < bookings) {
    if (performance.now() > deadline) return null;
    await pause();
  }
  const seconds = (performance.now() - watch.start) / 1000;
  return {
    bookings,
    answeredPerSecond: run.requests ? (run.rps * run.ok2xx) / run.requests : 0,
    seconds,
    perSecond: bookings / seconds,
    cpuMsPerBooking: ((cpuSeconds(watch.pid) - watch.cpuBefore) * 1000) / bookings,
  };
}
