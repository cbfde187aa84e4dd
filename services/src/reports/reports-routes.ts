import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addDays,
  openingHoursOf,
  REPORT_CHARTS,
  REPORT_CHART_MESSAGE,
  reportQuerySchema,
  reportSchema,
  reportTable,
  todayIn,
  type ReportQuery,
} from '@cafe/contracts';
import { requireAdmin } from '../platform/http/auth-guard.js';
import { accepts } from '../platform/http/openapi.js';
import { bookingsCalendarProjection, type CalendarDoc } from '../booking-calendar/index.js';
import { buildReport, type ReportSources } from './reports-queries.js';
import { reportDaysProjection } from './report-days-projection.js';
import { reportBookingsMadeProjection } from './report-bookings-made-projection.js';
import { reportPartiesProjection } from './report-parties-projection.js';
import { reportEventsProjection } from './report-events-projection.js';
import { reportArrivalsProjection } from './report-arrivals-projection.js';
import { reportFloorProjection } from './report-floor-projection.js';
import { readBusinessInfoDoc } from '../cafe-day/index.js';
import { toCsv } from './reports-csv.js';
import { waitlistFigures } from './report-waitlists.js';
import { bookingsCsvChunks } from './bookings-csv.js';

/** The CSV routes' documentation: the file they answer. */
const csvDocs = (what: string) =>
  accepts({
    querystring: reportQuerySchema,
    contentType: 'text/csv',
    answers: { 200: `${what} as CSV (an attachment; formula-like cells neutralised)` },
  });

const chartParams = z.object({ chart: z.enum(REPORT_CHARTS, { error: REPORT_CHART_MESSAGE }) });

function sendCsv(reply: FastifyReply, name: string, q: ReportQuery, csv: string | Readable) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${q.from}-to-${q.to}.csv"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(csv);
}

/** Staff-only Reports: the figures as JSON, each chart's data as CSV, and the range's bookings as CSV. */
export const reportsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;
  const sources = (): ReportSources => ({
    days: runtime.documents.collection(reportDaysProjection.name),
    made: runtime.documents.collection(reportBookingsMadeProjection.name),
    parties: runtime.documents.collection(reportPartiesProjection.name),
    events: runtime.documents.collection(reportEventsProjection.name),
    arrivals: runtime.documents.collection(reportArrivalsProjection.name),
    floor: runtime.documents.collection(reportFloorProjection.name),
    hours: async () => openingHoursOf({ ...(await readBusinessInfoDoc(runtime.documents)) }),
    waitlists: (from, to) =>
      waitlistFigures(
        runtime.features.flatMap((f) => (f.reports ? [f.reports] : [])),
        runtime.documents,
        from,
        to,
      ),
  });
  /** from and to as given; with neither, the 30 days up to today (café date), filled in before the query is validated. */
  const lastThirtyDays = async (request: FastifyRequest) => {
    const q = (request.query ?? {}) as Record<string, unknown>;
    if (q.from !== undefined || q.to !== undefined) return;
    const today = todayIn(runtime.config.zone, runtime.clock.now());
    request.query = { ...q, from: addDays(today, -29), to: today };
  };
  const report = (q: ReportQuery) => {
    const zone = runtime.config.zone;
    return buildReport(sources(), { ...q, zone, today: todayIn(zone, runtime.clock.now()) });
  };

  app.get(
    '/admin/reports',
    {
      preHandler: requireAdmin,
      preValidation: lastThirtyDays,
      schema: { ...accepts({ querystring: reportQuerySchema }), response: { 200: reportSchema } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return report(req.query);
    },
  );

  app.get(
    '/admin/reports/bookings.csv',
    { preHandler: requireAdmin, preValidation: lastThirtyDays, schema: csvDocs('Every booking dated in the range') },
    async (req, reply) => {
      const q = req.query;
      const bookings = runtime.documents.collection<CalendarDoc>(bookingsCalendarProjection.name);
      // Streamed a page at a time: two years of bookings never sit in memory as rows or as one string.
      return sendCsv(reply, 'bookings', q, Readable.from(bookingsCsvChunks(bookings, q)));
    },
  );

  app.get(
    '/admin/reports/:chart.csv',
    { preHandler: requireAdmin, preValidation: lastThirtyDays, schema: { ...csvDocs("One chart's figures"), params: chartParams } },
    async (req, reply) => {
      const q = req.query;
      const table = reportTable(await report(q), req.params.chart);
      return sendCsv(reply, req.params.chart, q, toCsv(table.header, table.rows));
    },
  );
};
