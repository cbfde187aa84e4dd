import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** A comment line every so often keeps proxies and the server's idle timeout from closing a quiet stream. */
export const DEFAULT_HEARTBEAT_MS = 20_000;
/** How long a browser waits before reconnecting after the stream ended (the SSE `retry` field). */
export const RECONNECT_MS = 3_000;

export interface EventStream {
  send(event: string, data: unknown, id?: string): void;
  /** Runs once when the stream ends: the client left, or the app is closing. */
  onClose(fn: () => void): void;
  close(): void;
}

export interface EventStreamsOptions {
  heartbeatMs?: number;
}

/**
 * Server-sent event streams of one app. Each stream is the reply's body (so the usual headers and
 * hooks apply) and owns its connection (`Connection: close`): ending it frees the socket at once.
 * The app's preClose ends them all, so app.close() never waits on an open stream.
 */
export function eventStreams(app: FastifyInstance, options: EventStreamsOptions = {}) {
  const open = new Set<EventStream>();
  const heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;

  app.addHook('preClose', async () => {
    const ending = [...open].map(
      (stream) =>
        new Promise<void>((resolve) => {
          stream.onClose(resolve);
          stream.close();
        }),
    );
    await Promise.all(ending);
  });

  return {
    get size() {
      return open.size;
    },
    /** Starts the reply as an event stream; the handler returns what this returns as the reply. */
    start(reply: FastifyReply): { stream: EventStream; body: PassThrough } {
      const body = new PassThrough();
      const closers: (() => void)[] = [];
      let closed = false;
      const end = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        open.delete(stream);
        body.end();
        for (const fn of closers.splice(0)) fn();
      };
      const stream: EventStream = {
        send(event, data, id) {
          if (closed) return;
          body.write(`${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
        },
        onClose(fn) {
          if (closed) fn();
          else closers.push(fn);
        },
        close: end,
      };
      const heartbeat = setInterval(() => body.write(': heartbeat\n\n'), heartbeatMs);
      heartbeat.unref();
      // The client went away (or the response ended): stop writing and let go of what it listened to.
      reply.raw.once('close', end);
      open.add(stream);
      reply
        .code(200)
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store')
        // nginx and similar proxies would otherwise buffer the stream.
        .header('x-accel-buffering', 'no')
        .header('connection', 'close');
      body.write(`retry: ${RECONNECT_MS}\n\n`);
      return { stream, body };
    },
  };
}
