import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LIVE_CHANGE_EVENT, LIVE_READY_EVENT, LIVE_UPDATES_NOT_ACCEPTABLE } from '@cafe/contracts';
import { requireAdmin } from '../platform/http/auth-guard.js';
import { documented } from '../platform/http/openapi.js';
import { eventStreams, type EventStream } from '../platform/http/event-stream.js';
import { ReadModelChanges } from '../platform/projections/read-model-changes.js';
import { allProjections } from '../platform/runtime/runtime.js';
import { bookingNotice, liveMeaningsOf } from './booking-notices.js';
import { isWhitelisted } from '../admin-access/index.js';

export interface LiveUpdatesOptions {
  /** Between heartbeat comments (default 20 s). */
  heartbeatMs?: number;
  /** Between checks that the stream's session is still signed in and its e-mail still on the whitelist (default 5 s). */
  recheckMs?: number;
  /** Changes held while the read models are behind, at most (ReadModelChanges' default 1000; fewer in tests). */
  maxPending?: number;
}

const DEFAULT_RECHECK_MS = 5_000;

/**
 * GET /api/admin/live-updates: staff only (the same 401/403 as every staff route), an event stream
 * that starts with `ready` (the position it follows from) and sends `bookings-changed` once the read
 * models hold a change. A client that reconnects refetches its lists, so nothing missed is lost.
 */
export async function liveUpdatesRoutes(app: FastifyInstance, options: LiveUpdatesOptions): Promise<void> {
  const { runtime } = app;
  const changes = new ReadModelChanges(runtime.eventStore, runtime.readModels, allProjections(runtime.features), {
    logger: runtime.logger,
    ...(options.maxPending === undefined ? {} : { maxPending: options.maxPending }),
  });
  const streams = eventStreams(app, { heartbeatMs: options.heartbeatMs });
  // What each event means on the dashboard, as the slices declare it.
  const meanings = liveMeaningsOf(runtime.features.flatMap((feature) => feature.liveNotices ?? []));
  app.addHook('onClose', async () => {
    await changes.close();
  });

  const docs = documented({
    answers: { 200: 'Server-sent events: `ready`, then a `bookings-changed` notice whenever a booking list changes (no personal data)' },
    contentType: 'text/event-stream',
  });
  app.get('/admin/live-updates', { preHandler: requireAdmin, schema: docs }, async (request, reply) => {
    // A plain request (a fetch, a crawler) would hold a connection open for nothing.
    if (!String(request.headers.accept ?? '').includes('text/event-stream')) {
      return reply.code(406).send({ message: LIVE_UPDATES_NOT_ACCEPTABLE });
    }
    let stream: EventStream | null = null;
    // Following first: if the event store cannot be followed, the answer is the usual JSON error.
    const listening = await changes.listen(
      (change) => {
        // Changes were left out (the read models far behind): the stream ends, and the browser's reconnect
        // refetches every list, which a notice of the changes kept would not.
        if (change.overflowed) return stream?.close();
        const notice = bookingNotice(change, meanings);
        if (notice) stream?.send(LIVE_CHANGE_EVENT, notice, notice.position);
      },
      () => stream?.close(),
    );
    const started = streams.start(reply);
    stream = started.stream;
    stream.onClose(() => void listening.stop());
    endWhenAccessEnds(app, request, stream, options.recheckMs ?? DEFAULT_RECHECK_MS);
    // Gone while the following started: its close was before the stream could hear it.
    if (request.raw.socket.destroyed) stream.close();
    stream.send(LIVE_READY_EVENT, { position: listening.position.toString() }, listening.position.toString());
    return reply.send(started.body);
  });
}

/**
 * requireAdmin let the stream open; it must not outlive that answer. The session is read again from the
 * store (a sign-out in any gateway destroys it there; expiry too) and the e-mail looked up on the
 * whitelist, every `recheckMs`: once either is gone the stream ends, and the browser's reconnect gets
 * the 401 or 403 every staff route gives.
 */
function endWhenAccessEnds(app: FastifyInstance, request: FastifyRequest, stream: EventStream, recheckMs: number): void {
  const { sessions, documents, logger } = app.runtime;
  const sessionId = request.session?.sessionId;
  const email = request.user?.email;
  let checking = false;
  const stillAdmin = async () => {
    if (!sessionId || !email) return false;
    const session = (await sessions.get(sessionId)) as { user?: { email?: string } } | null;
    return session?.user?.email === email && (await isWhitelisted(documents, email));
  };
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    stillAdmin()
      .then((allowed) => {
        if (!allowed) stream.close();
      })
      // A store that does not answer now is not a sign-out: the next check decides.
      .catch((error: unknown) => logger.warn({ err: error }, 'live updates: could not check the session; checking again'))
      .finally(() => (checking = false));
  }, recheckMs);
  timer.unref();
  stream.onClose(() => clearInterval(timer));
}
