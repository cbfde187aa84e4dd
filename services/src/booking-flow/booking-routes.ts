import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookingCreatedSchema,
  capacityOverrideQuerySchema,
  changedSchema,
  isPaged,
  pageOf,
  pageQuerySchema,
  todayIn,
  type ReservationDetails,
} from '@cafe/contracts';
import { NotFound } from '../platform/commands/domain-errors.js';
import type { DocumentCollection, Filter } from '../platform/document-store/document-store.js';
import { requireAdmin } from '../platform/http/auth-guard.js';
import { accepts, builtPerRequest, documented } from '../platform/http/openapi.js';
import { parseIfMatch, sendVersion } from '../platform/http/if-match.js';
import { BOOKING_ORDER, findPage, type OrderedDoc } from '../booking-rules/index.js';
import type { CancelBooking, ChangeBooking, RequestBooking } from './booking-kind.js';
import { detailsChangeFrom, seatingOptionsFrom } from './booking-input.js';
import { withTables } from './booking-tables.js';

export const idParams = z.object({ id: z.string().min(1).max(100) });

/** The commands of one kind of booking that its create, edit and cancel routes call. */
export interface BookingRouteCommands<Details extends ReservationDetails> {
  request: RequestBooking<Details>;
  change: ChangeBooking<Details>;
  cancel: CancelBooking;
}

/** What tells one kind's routes from the other's: its read model, answer, message and commands. */
export interface BookingRoutesKind<Doc extends BookingDoc, Out, Details extends ReservationDetails> {
  /** The read model the staff GETs read. */
  readModel: string;
  schemaOut: z.ZodType<Out>;
  toOut: (doc: Doc) => Out;
  notFound: string;
  commands: BookingRouteCommands<Details>;
}

/**
 * The routes reservations and party bookings share, bound to one kind: each slice's routes file calls
 * these in its own order (the order is the API document's) and adds what only its kind has. Each route
 * declares its input with the contract schema, calls the kind's command and replies; If-Match guards
 * edits and cancellations, and answers carry the version as ETag.
 */
/** A booking as its kind's read model holds it: what the staff GETs answer from (with its day's tables). */
type BookingDoc = { _id: string; version: number; date: string };

export function bookingRoutes<Doc extends BookingDoc, Out, Details extends ReservationDetails>(
  base: FastifyInstance,
  kind: BookingRoutesKind<Doc, Out, Details>,
) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;
  const today = () => todayIn(runtime.config.zone, runtime.clock.now());
  const horizon = runtime.config.bookingHorizonDays;
  const collection = () => runtime.documents.collection<Doc>(kind.readModel);

  return {
    app,
    today,

    /**
     * A new booking. A visitor's (public) is open to anyone; staff's (admin) needs a staff session and
     * may book past a full slot with `?override=capacity`. The body's contract schema depends on the
     * café's today: each request is validated with its day's.
     */
    create(path: string, source: 'public' | 'admin', schema: (today: string, horizonDays: number) => z.ZodType<Details>) {
      // The schema depends only on the café's today: built once a day, not per request (zod builds are not cheap).
      let built: { day: string; schema: z.ZodType<Details> } | null = null;
      const todays = () => {
        const day = today();
        if (built?.day !== day) built = { day, schema: schema(day, horizon) };
        return built.schema;
      };
      const body = builtPerRequest(todays);
      // With a floor the answer names the tables the booking got and until when (bookingCreatedSchema).
      const response = { 201: bookingCreatedSchema };
      // req.body is the kind's Details (validated with its schema), a type Fastify cannot resolve for a generic kind.
      if (source === 'admin') {
        const docs = { ...accepts({ body, querystring: capacityOverrideQuerySchema, etag: true }), response };
        app.post(path, { preHandler: requireAdmin, schema: docs }, async (req, reply) => {
          const options = seatingOptionsFrom(req.query);
          const created = await kind.commands.request(runtime, source, req.body as Details, req.commandContext(), options);
          sendVersion(reply, created.version);
          return reply.status(201).send(created);
        });
        return;
      }
      app.post(path, { schema: { ...accepts({ body, etag: true }), response } }, async (req, reply) => {
        const created = await kind.commands.request(runtime, source, req.body as Details, req.commandContext());
        sendVersion(reply, created.version);
        return reply.status(201).send(created);
      });
    },

    /**
     * Staff: a kind's list, in the order every booking list is shown: SPEC's whole list, or with
     * `?limit=` and/or `?cursor=` one page of it and the next page's cursor (paging/cursor in contracts).
     */
    list(path: string, filter: () => Filter) {
      const response = { 200: z.union([z.array(kind.schemaOut), pageOf(kind.schemaOut)]) };
      app.get(path, { preHandler: requireAdmin, schema: { ...accepts({ querystring: pageQuerySchema }), response } }, async (req) => {
        const page = req.query;
        // Each booking with its tables and stay end from the days' seats (booking-tables.ts): moves on the floor show at once.
        if (isPaged(page)) {
          const { docs, nextCursor } = await findPage(collection() as DocumentCollection<Doc & OrderedDoc>, filter(), page);
          return { items: await withTables(runtime.documents, docs, kind.toOut), nextCursor };
        }
        const docs = await collection().find(filter(), { sort: BOOKING_ORDER });
        return withTables(runtime.documents, docs, kind.toOut);
      });
    },

    /** Staff: one booking, with its version as ETag (what an edit sends back as If-Match). */
    read(path: string) {
      app.get(
        path,
        { preHandler: requireAdmin, schema: { ...documented({ etag: true }), params: idParams, response: { 200: kind.schemaOut } } },
        async (req, reply) => {
          const doc = await collection().get(req.params.id);
          if (!doc) throw new NotFound(kind.notFound);
          sendVersion(reply, doc.version);
          const [out] = await withTables(runtime.documents, [doc], kind.toOut);
          return out!;
        },
      );
    },

    /**
     * Staff: the Edit dialog. Absent fields stay as they are; If-Match guards lost updates; a new date,
     * time or size must fit the seats left unless `?override=capacity`.
     */
    change(path: string, patchSchema: (today: null) => z.ZodType<Partial<Details>>) {
      const docs = accepts({ body: patchSchema(null), querystring: capacityOverrideQuerySchema, ifMatch: true, etag: true });
      app.patch(
        path,
        { preHandler: requireAdmin, schema: { ...docs, params: idParams, response: { 200: changedSchema } } },
        async (req, reply) => {
          const expectedVersion = parseIfMatch(req);
          // The kind's Partial<Details> (validated with its patch schema), a type Fastify cannot resolve for a generic kind.
          const changes = detailsChangeFrom(req.body as Partial<Details>);
          const changed = await kind.commands.change(
            runtime,
            req.params.id,
            changes,
            expectedVersion,
            req.commandContext(),
            seatingOptionsFrom(req.query),
          );
          sendVersion(reply, changed.version);
          return changed;
        },
      );
    },

    /** Staff: cancel. The booking leaves every list; its stream (the history) stays. */
    cancel(path: string) {
      const docs = documented({ ifMatch: true, etag: true });
      app.delete(
        path,
        { preHandler: requireAdmin, schema: { ...docs, params: idParams, response: { 200: changedSchema } } },
        async (req, reply) => {
          const cancelled = await kind.commands.cancel(runtime, req.params.id, parseIfMatch(req), req.commandContext());
          sendVersion(reply, cancelled.version);
          return cancelled;
        },
      );
    },
  };
}
