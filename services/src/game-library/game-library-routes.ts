import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  GAME_COPY_NOT_FOUND,
  GAME_LIMITS,
  GAME_NOT_FOUND,
  IMPORT_FILE_REQUIRED,
  IMPORT_TOO_LARGE,
  IMPORT_TYPE_MESSAGE,
  gameCopyChangeSchema,
  gameCopySchema,
  gameFactsSchema,
  gameSchema,
  importPreviewOut,
  gameCountOut,
  publicGameOut,
  staffGameOut,
  type PublicGame,
  type StaffGame,
} from '@cafe/contracts';
import { requireAdmin } from '../platform/http/auth-guard.js';
import { checkId } from '../platform/http/validation.js';
import { HttpError, PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../platform/errors.js';
import { NotFound } from '../platform/commands/domain-errors.js';
import { compressedAnswer } from './compressed-answer.js';
import { answerCache } from '../platform/http/answer-cache.js';
import type { Runtime } from '../platform/runtime/runtime.js';
import { accepts, documented, fromCache } from '../platform/http/openapi.js';
import { gamesProjection, type GameDoc } from './games-projection.js';
import {
  addGame,
  addGameCopy,
  changeGameCopy,
  importLibrary,
  previewImport,
  removeGame,
  removeGameCopy,
  updateGame,
} from './game-library-commands.js';
import { readBggCollection } from './bgg-csv.js';

const idParams = z.object({ id: z.string() });
const copyParams = z.object({ id: z.string(), copyId: z.string() });
const TITLE_ORDER = { sortTitle: 1 } as const;

/** Anonymous reads: the whole library in one answer (the page filters it in the browser), a serialised copy per version. */
export const gameLibraryPublicRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;
  const games = () => runtime.documents.collection<GameDoc>(gamesProjection.name);
  const version = () => runtime.readModels.versionOf(gamesProjection.name);
  const cached = compressedAnswer('games');
  app.get('/games', { schema: { ...fromCache, response: { 200: z.array(publicGameOut) } } }, async (request, reply) =>
    cached(request, reply, await version(), async () => (await games().find({}, { sort: TITLE_ORDER })).map(toPublicGame)),
  );
  // Before '/games/:id': a count, not a game called "count". One document count per library version.
  const counted = answerCache();
  app.get('/games/count', { schema: { ...fromCache, response: { 200: gameCountOut } } }, async (request, reply) =>
    counted(request, reply, 'games-count', await version(), () => gameCount(runtime)),
  );
  app.get('/games/:id', { schema: { params: idParams, response: { 200: publicGameOut } } }, async (request) =>
    toPublicGame(await found(games().get(checkId(request.params.id, GAME_NOT_FOUND)))),
  );
};

/** How many games the library holds: GET /api/games/count, and the count the landing page is rendered with. */
export const gameCount = async (runtime: Runtime) => ({ games: await runtime.documents.collection<GameDoc>(gamesProjection.name).count() });

export const gameLibraryRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;
  const games = () => runtime.documents.collection<GameDoc>(gamesProjection.name);
  const gameOut = async (id: string) => toStaffGame(await found(games().get(id)));
  const gameId = (request: { params: { id: string } }) => checkId(request.params.id, GAME_NOT_FOUND);
  const docs = {
    add: { ...accepts({ body: gameSchema }), response: { 201: staffGameOut } },
    change: { ...accepts({ body: gameFactsSchema }), params: idParams, response: { 200: staffGameOut } },
    addCopy: { ...accepts({ body: gameCopySchema }), params: idParams, response: { 201: staffGameOut } },
    changeCopy: { ...accepts({ body: gameCopyChangeSchema }), params: copyParams, response: { 200: staffGameOut } },
    // The handler reads the multipart file itself.
    csv: {
      ...documented({
        body: z.object({ file: z.string().describe('a BoardGameGeek collection CSV export') }),
        consumes: ['multipart/form-data'],
      }),
    },
  };

  // Only this plugin's routes parse multipart: one CSV file up to GAME_LIMITS.importBytes.
  await app.register(multipart, { limits: { fileSize: GAME_LIMITS.importBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6 } });

  app.get('/admin/games', { preHandler: requireAdmin, schema: { response: { 200: z.array(staffGameOut) } } }, async () =>
    (await games().find({}, { sort: TITLE_ORDER })).map(toStaffGame),
  );
  app.get(
    '/admin/games/:id',
    { preHandler: requireAdmin, schema: { params: idParams, response: { 200: staffGameOut } } },
    async (request) => gameOut(gameId(request)),
  );

  app.post('/admin/games', { preHandler: requireAdmin, schema: docs.add }, async (request, reply) => {
    const { id } = await addGame(runtime, request.body, request.commandContext());
    return reply.status(201).send(await gameOut(id));
  });
  app.put('/admin/games/:id', { preHandler: requireAdmin, schema: docs.change }, async (request) => {
    const id = gameId(request);
    await updateGame(runtime, id, request.body, request.commandContext());
    return gameOut(id);
  });
  app.delete(
    '/admin/games/:id',
    { preHandler: requireAdmin, schema: { params: idParams, response: { 200: z.object({ id: z.string() }) } } },
    async (request) => {
      const id = gameId(request);
      await removeGame(runtime, id, request.commandContext());
      return { id };
    },
  );

  app.post('/admin/games/:id/copies', { preHandler: requireAdmin, schema: docs.addCopy }, async (request, reply) => {
    const id = gameId(request);
    await addGameCopy(runtime, id, request.body, request.commandContext());
    return reply.status(201).send(await gameOut(id));
  });
  app.patch('/admin/games/:id/copies/:copyId', { preHandler: requireAdmin, schema: docs.changeCopy }, async (request) => {
    const id = gameId(request);
    const copyId = checkId(request.params.copyId, GAME_COPY_NOT_FOUND);
    await changeGameCopy(runtime, id, copyId, request.body, request.commandContext());
    return gameOut(id);
  });
  app.delete(
    '/admin/games/:id/copies/:copyId',
    { preHandler: requireAdmin, schema: { params: copyParams, response: { 200: staffGameOut } } },
    async (request) => {
      const id = gameId(request);
      await removeGameCopy(runtime, id, checkId(request.params.copyId, GAME_COPY_NOT_FOUND), request.commandContext());
      return gameOut(id);
    },
  );

  // The import: the preview judges the file against the library and writes nothing; the import is one command.
  app.post(
    '/admin/games/import/preview',
    { preHandler: requireAdmin, schema: { ...docs.csv, response: { 200: importPreviewOut } } },
    async (request) => {
      const { rows } = await readCsvUpload(request);
      return previewImport(runtime, rows, request.commandContext());
    },
  );
  app.post(
    '/admin/games/import',
    { preHandler: requireAdmin, schema: { ...docs.csv, response: { 200: importPreviewOut } } },
    async (request) => {
      const { rows, fileName } = await readCsvUpload(request);
      return importLibrary(runtime, fileName, rows, request.commandContext());
    },
  );
};

const CSV_TYPES = new Set(['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel', 'text/comma-separated-values']);

/** The multipart form's one `file` part: a CSV as UTF-8 text (413 too large, 415 not a CSV, 400 none or not a collection export). */
async function readCsvUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw new UnsupportedMediaTypeError(IMPORT_TYPE_MESSAGE);
  let file: { data: Buffer; name: string; type: string } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const data = await part.toBuffer();
      if (!file && data.length > 0) file = { data, name: part.filename, type: part.mimetype };
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new PayloadTooLargeError(IMPORT_TOO_LARGE);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new PayloadTooLargeError(IMPORT_TOO_LARGE);
    throw new ValidationError(IMPORT_FILE_REQUIRED);
  }
  if (!file) throw new ValidationError(IMPORT_FILE_REQUIRED, [{ path: ['file'], message: IMPORT_FILE_REQUIRED }]);
  const named = /\.csv$/i.test(file.name);
  if (!named && !CSV_TYPES.has(file.type)) throw new UnsupportedMediaTypeError(IMPORT_TYPE_MESSAGE);
  // Text, not a spreadsheet or an image renamed: no NUL bytes and valid UTF-8.
  let text: string;
  try {
    if (file.data.includes(0)) throw new Error('binary');
    text = new TextDecoder('utf-8', { fatal: true }).decode(file.data);
  } catch {
    throw new UnsupportedMediaTypeError(IMPORT_TYPE_MESSAGE);
  }
  return { rows: readBggCollection(text), fileName: file.name.slice(0, 200) };
}

async function found(doc: Promise<GameDoc | null>): Promise<GameDoc> {
  const value = await doc;
  if (!value) throw new NotFound(GAME_NOT_FOUND);
  return value;
}

export function toPublicGame(d: GameDoc): PublicGame {
  return {
    id: d.id,
    title: d.title,
    minPlayers: d.minPlayers,
    maxPlayers: d.maxPlayers,
    bestAt: d.bestAt ?? [],
    minPlayTime: d.minPlayTime ?? null,
    maxPlayTime: d.maxPlayTime ?? null,
    complexity: d.complexity ?? null,
    minAge: d.minAge ?? null,
    year: d.year ?? null,
    categories: d.categories ?? [],
    description: d.description ?? '',
    imageUrl: d.imageUrl ?? null,
    bggId: d.bggId ?? null,
    copyCount: d.copyCount,
    completeCopies: d.completeCopies,
  };
}

export function toStaffGame(d: GameDoc): StaffGame {
  return {
    ...toPublicGame(d),
    copies: d.copies.map((c) => ({ id: c.copyId, condition: c.condition, notes: c.notes })),
    updatedAt: d.updatedAt,
  };
}
