import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EMPTY_FLOOR, floorOutSchema, floorSchema, type FloorOut } from '@cafe/contracts';
import { requireAdmin } from '../platform/http/auth-guard.js';
import { accepts } from '../platform/http/openapi.js';
import { parseIfMatch, sendVersion } from '../platform/http/if-match.js';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import { setFloor } from './floor-commands.js';
import { FLOOR_DOC_ID, floorProjection, type FloorDoc } from './floor-projection.js';
import { wakePlacement } from './placement-process.js';

/** The floor as the read model holds it; the empty floor at version -1 before any was set. */
export async function readFloor(documents: DocumentStore): Promise<FloorOut> {
  const doc = await documents.collection<FloorDoc>(floorProjection.name).get(FLOOR_DOC_ID);
  return doc ? { ...doc.floor, version: doc.version } : { ...EMPTY_FLOOR, version: -1 };
}

/** Staff read and set the café's floor (areas, tables, combinations, stays); setting it places every future booking. */
export const floorRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;

  app.get('/admin/floor', { preHandler: requireAdmin, schema: { response: { 200: floorOutSchema } } }, async (_req, reply) => {
    const floor = await readFloor(runtime.documents);
    sendVersion(reply, floor.version);
    return floor;
  });

  app.put(
    '/admin/floor',
    {
      preHandler: requireAdmin,
      schema: { ...accepts({ body: floorSchema, ifMatch: true, etag: true }), response: { 200: floorOutSchema } },
    },
    async (req, reply) => {
      const saved = await setFloor(runtime, req.body, parseIfMatch(req), req.commandContext());
      // The bookings from today on are placed on the new floor in the background (resumed if this process stops).
      if (saved.changes.length > 0) wakePlacement(runtime);
      sendVersion(reply, saved.version);
      return { ...saved.floor, version: saved.version };
    },
  );
};
