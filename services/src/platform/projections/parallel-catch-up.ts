import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { EventStore, Position, RecordedEvent } from '../event-store/event-store.js';
import type { SealedLog } from '../personal-data/sealed-log-reader.js';
import type { FromReader, ReaderPage, ReaderSetup, ToReader } from './parallel-protocol.js';

/** How an engine shares a long catch-up with a reader thread. */
export interface ParallelOptions {
  /** Events behind at least (default 20,000): a shorter catch-up is over before a worker has loaded. */
  minEvents?: number;
  /** Waits for the reader before reading (tests, whose logs are over before it loads). */
  awaitWorker?: boolean;
}

/** An event store a reader thread can read on its own (EncryptingEventStore over the embedded file). */
interface ReadableInWorker {
  logFiles(): SealedLog | null;
}

/** The files a reader thread can read `events` from, or null (another store: the engine reads alone). */
export function logFilesOf(events: EventStore): SealedLog | null {
  const readable = events as Partial<ReadableInWorker>;
  return typeof readable.logFiles === 'function' ? readable.logFiles() : null;
}

/**
 * The engine's end of a catch-up reader (catch-up-reader.ts): a worker thread, started at once (it
 * loads while the engine reads the first pages itself), told where to read from once it is ready, then
 * handing over each page opened, a few ahead. The engine applies the projections meanwhile: two cores.
 * Pages come on a port of their own, taken with receiveMessageOnPort: a page read ahead is there at
 * once, where a message waited for the engine's next turn of the event loop. A failure makes `next`
 * answer null, and the engine reads on from where it got to.
 */
export class CatchUpReader {
  private readonly worker: Worker;
  /** Never listened to: read with receiveMessageOnPort only. */
  private readonly pages: MessagePort;
  private isReady = false;
  private failure: Error | null = null;
  private waiting: (() => void) | null = null;

  constructor(files: SealedLog) {
    const { port1, port2 } = new MessageChannel();
    this.pages = port1;
    const setup: ReaderSetup = { files, pages: port2 };
    // In the sources (tsx, vitest) the worker is TypeScript and needs tsx's loader; built, it is the bundle's own entry.
    const typescript = import.meta.url.endsWith('.ts');
    const file = new URL(typescript ? './catch-up-reader.ts' : './catch-up-reader.js', import.meta.url);
    // The parent's options are inherited when none are given: V8's own (--trace-gc) may not be given to a worker.
    const loader = typescript && !process.execArgv.some((arg) => arg.includes('tsx')) ? ['--import', 'tsx'] : null;
    this.worker = new Worker(file, {
      workerData: setup,
      transferList: [port2],
      ...(loader ? { execArgv: [...process.execArgv, ...loader] } : {}),
    });
    this.worker.unref();
    this.worker.on('message', (message: FromReader) => this.receive(message));
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => this.fail(new Error(`the catch-up reader exited (${code})`)));
  }

  /** Loaded and waiting to be told where to read (false once it failed). */
  get ready(): boolean {
    return this.isReady && !this.failure;
  }

  get failed(): Error | null {
    return this.failure;
  }

  /** Resolves once the reader has loaded, or failed. */
  async whenReady(): Promise<void> {
    while (!this.isReady && !this.failure) await new Promise((resolve) => setTimeout(resolve, 5));
  }

  /** Reads on from just after `after`. */
  start(after: Position): void {
    this.send({ kind: 'read', after: Number(after) });
  }

  /** The next page, which must follow `after`; null when the reader failed (the engine reads on itself). */
  async next(after: Position): Promise<RecordedEvent[] | null> {
    let page: ReaderPage | undefined;
    // The reader posts the page, then tells the worker's channel: a wake-up finds it, or one more comes.
    while (!(page = receiveMessageOnPort(this.pages)?.message as ReaderPage | undefined) && !this.failure) {
      await new Promise<void>((resolve) => (this.waiting = resolve));
    }
    if (!page || this.failure) return null;
    if (BigInt(page.after) !== after) {
      this.fail(new Error(`the catch-up reader read after ${page.after}, the engine is at ${after}`));
      return null;
    }
    this.send({ kind: 'more' });
    const events = JSON.parse(page.json) as { revision: bigint | number; position: bigint | number }[];
    for (let i = 0; i < events.length; i++) {
      const event = events[i]!;
      event.revision = BigInt(event.revision);
      event.position = BigInt(event.position);
    }
    return events as RecordedEvent[];
  }

  async close(): Promise<void> {
    this.worker.removeAllListeners('exit');
    await this.worker.terminate();
    this.pages.close();
  }

  private send(message: ToReader): void {
    if (!this.failure) this.worker.postMessage(message);
  }

  private receive(message: FromReader): void {
    if (message.kind === 'ready') this.isReady = true;
    else if (message.kind === 'failed') this.fail(new Error(message.message));
    this.wake();
  }

  private fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    this.wake();
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.();
  }
}
