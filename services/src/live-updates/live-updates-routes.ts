import type { FastifyInstance } from 'fastify';
import { LIVE_CHANGE_EVENT, LIVE_READY_EVENT, LIVE_UPDATES_NOT_ACCEPTABLE } from '@cafe/contracts';
import { requireAdmin } from '../platform/http/auth-guard.js';
import { documented } from '../platform/http/openapi.js';
import { eventStreams, type EventStream } from '../platform/http/event-stream.js';
import { ReadModelChanges } from '../platform/projections/read-model-changes.js';
import { allProjections } from '../platform/runtime/runtime.js';
import { bookingNotice } from './booking-notices.js';

export interface LiveUpdatesOptions {
  /** Between heartbeat comments (default 20 s). */
  heartbeatMs?: number;
}

/**
 * GET /api/admin/live-updates: staff only (the same 401/403 as every staff route), an event stream
 * that starts with `ready` (the position it follows from) and sends `bookings-changed` once the read
 * models hold a change. A client that reconnects refetches its lists, so nothing missed is lost.
 */
export async function liveUpdatesRoutes(app: FastifyInstance, options: LiveUpdatesOptions): Promise<void> {
  const { runtime } = app;
  const changes = new ReadModelChanges(runtime.eventStore, runtime.readModels, allProjections(runtime.features), {
    logger: runtime.logger,
  });
  const streams = eventStreams(app, { heartbeatMs: options.heartbeatMs });
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
        const notice = bookingNotice(change);
        if (notice) stream?.send(LIVE_CHANGE_EVENT, notice, notice.position);
      },
      () => stream?.close(),
    );
    const started = streams.start(reply);
    stream = started.stream;
    stream.onClose(() => void listening.stop());
    // Gone while the following started: its close was before the stream could hear it.
    if (request.raw.socket.destroyed) stream.close();
    stream.send(LIVE_READY_EVENT, { position: listening.position.toString() }, listening.position.toString());
    return reply.send(started.body);
  });
}
