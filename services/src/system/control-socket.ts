import { chmodSync, existsSync, unlinkSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { RebuildRun } from '@cafe/contracts';
import { DomainError } from '../platform/commands/domain-errors.js';
import { asError } from '../platform/errors.js';
import type { RebuildControl } from './rebuild-control.js';

/**
 * The embedded gateway's control socket, DATA_DIR/control.sock (0600 in the 0700 DATA_DIR: its owner
 * only). `npm run ops -- rebuild` talks to the running gateway through it, since the read models it
 * must rebuild live in the gateway's memory. One JSON object per line each way.
 */
export const CONTROL_SOCKET = 'control.sock';

export type ControlRequest = { command: 'rebuild'; names?: string[] };
export type ControlReply =
  | { type: 'started'; run: RebuildRun }
  | { type: 'progress'; events: number; position: string }
  | { type: 'finished'; run: RebuildRun }
  | { type: 'error'; kind: string; message: string };

export function controlSocketPath(dataDir: string): string {
  return join(dataDir, CONTROL_SOCKET);
}

/** Listens on the control socket; resolves to its close function, or null when another gateway holds it. */
export async function serveControlSocket(dataDir: string, control: RebuildControl, logger?: Logger): Promise<(() => Promise<void>) | null> {
  const path = controlSocketPath(dataDir);
  if (existsSync(path)) {
    if (await answers(path)) {
      logger?.warn({ path }, 'another gateway holds the control socket of this DATA_DIR; ops will talk to it');
      return null;
    }
    unlinkSync(path); // left by a gateway that did not shut down cleanly
  }
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffer = '';
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      const newline = buffer.indexOf('\n');
      if (newline < 0) {
        if (buffer.length > 64 * 1024) socket.destroy();
        return;
      }
      const line = buffer.slice(0, newline);
      buffer = '';
      void handle(line, control, (reply) => socket.write(`${JSON.stringify(reply)}\n`)).finally(() => socket.end());
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  chmodSync(path, 0o600);
  logger?.info({ path }, 'control socket listening (ops rebuild reaches this gateway through it)');
  return async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}

async function handle(line: string, control: RebuildControl, send: (reply: ControlReply) => void): Promise<void> {
  try {
    const request = JSON.parse(line) as ControlRequest;
    if (request.command !== 'rebuild') throw new Error(`Unknown control command ${String(request.command)}`);
    let lastProgress = 0;
    const { run, finished } = await control.start(request.names, (p) => {
      // At most a few lines a second, whatever the page size.
      if (Date.now() - lastProgress < 200) return;
      lastProgress = Date.now();
      send({ type: 'progress', ...p });
    });
    send({ type: 'started', run });
    send({ type: 'finished', run: await finished() });
  } catch (error) {
    send({ type: 'error', kind: error instanceof DomainError ? error.kind : 'failed', message: asError(error).message });
  }
}

/** True when a process accepts connections on the socket. */
function answers(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection(path);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * ops' side: sends the request and hands each reply line over. Resolves to null when no gateway
 * listens (no socket, or a stale one), so the caller can do the work itself.
 */
export function requestOverSocket(
  dataDir: string,
  request: ControlRequest,
  onReply: (reply: ControlReply) => void,
): Promise<'answered' | null> {
  const path = controlSocketPath(dataDir);
  if (!existsSync(path)) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const socket = createConnection(path);
    let connected = false;
    let buffer = '';
    socket.once('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let newline: number;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        onReply(JSON.parse(buffer.slice(0, newline)) as ControlReply);
        buffer = buffer.slice(newline + 1);
      }
    });
    socket.once('error', (error) => (connected ? reject(error) : resolve(null)));
    socket.once('close', () => resolve('answered'));
  });
}
