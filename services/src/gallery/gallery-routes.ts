import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  IMAGE_FILE_REQUIRED,
  galleryImageOut,
  galleryImageSchema,
  galleryImageUpdateSchema,
  galleryUploadSchema,
  imageTooLargeMessage,
  type GalleryImage,
  GALLERY_IMAGE_NOT_FOUND,
} from '@cafe/contracts';
import { requireAdmin } from '../platform/http/auth-guard.js';
import { checkId, parseWith } from '../platform/http/validation.js';
import { HttpError, PayloadTooLargeError, ValidationError } from '../platform/errors.js';
import { NotFound } from '../platform/commands/domain-errors.js';
import { isBlobKey } from '../platform/blob-store/blob-store.js';
import { answerCache } from '../platform/http/answer-cache.js';
import { accepts, documented, fromCache } from '../platform/http/openapi.js';
import { galleryProjection, type GalleryImageDoc } from './gallery-projection.js';
import { addGalleryImage, changeGalleryImage, removeGalleryImage, uploadGalleryImage } from './gallery-commands.js';
import { PLACEHOLDER_SVG } from './placeholder-image.js';

const idParams = z.object({ id: z.string() });
/** Featured first in their order (0..n-1), then the others by their sortOrder, oldest first. */
const GALLERY_SORT = { isFeatured: -1, sortOrder: 1, createdAt: 1, _id: 1 } as const;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The upload form as OpenAPI shows it: the `image` file and the contract's alt text. */
const galleryUploadForm = galleryUploadSchema.extend({ image: z.string().meta({ format: 'binary', description: 'The image file' }) });

/** Anonymous reads: the public gallery (a serialised copy per read-model version), uploads and the placeholder. */
export const galleryPublicRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;
  const { blobs } = runtime;
  const images = () => runtime.documents.collection<GalleryImageDoc>(galleryProjection.name);

  const cached = answerCache();
  const docs = {
    upload: documented({
      etag: true,
      contentType: 'image/*',
      answers: { 200: 'The image (immutable: its key is its content hash).', 304: 'Not modified.' },
    }),
    placeholder: documented({ contentType: 'image/svg+xml', answers: { 200: 'The placeholder image.' } }),
  };
  app.get('/gallery', { schema: { ...fromCache, response: { 200: z.array(galleryImageOut) } } }, async (request, reply) =>
    cached(request, reply, 'gallery', await runtime.readModels.versionOf(galleryProjection.name), async () => {
      const docs = await images().find({ isVisible: true }, { sort: GALLERY_SORT });
      return docs.map(toGalleryImage);
    }),
  );

  // Keys are content hashes: the bytes behind a URL never change, so browsers may keep them for a year.
  app.get('/uploads/:key', { schema: { ...docs.upload, params: z.object({ key: z.string() }) } }, async (request, reply) => {
    const { key } = request.params;
    const etag = `"${key.slice(0, key.indexOf('.'))}"`;
    if (!isBlobKey(key)) throw new NotFound('No such image');
    if (request.headers['if-none-match'] === etag && (await blobs.has(key))) {
      return reply.status(304).header('etag', etag).header('cache-control', IMMUTABLE).send();
    }
    const blob = await blobs.get(key);
    if (!blob) throw new NotFound('No such image');
    return reply.header('content-type', blob.contentType).header('cache-control', IMMUTABLE).header('etag', etag).send(blob.data);
  });

  app.get('/images/placeholder.svg', { schema: docs.placeholder }, async (_request, reply) =>
    reply.header('content-type', 'image/svg+xml; charset=utf-8').header('cache-control', 'public, max-age=86400').send(PLACEHOLDER_SVG),
  );
};

export const galleryRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;
  const images = () => runtime.documents.collection<GalleryImageDoc>(galleryProjection.name);
  const imageOut = async (id: string) => {
    const doc = await images().get(id);
    if (!doc) throw new NotFound(GALLERY_IMAGE_NOT_FOUND);
    return toGalleryImage(doc);
  };
  const docs = {
    add: { ...accepts({ body: galleryImageSchema }), response: { 201: galleryImageOut } },
    change: accepts({ body: galleryImageUpdateSchema }),
    // A multipart form: the handler reads its parts, then parses the alt text with the contract schema.
    upload: documented({ body: galleryUploadForm, consumes: ['multipart/form-data'] }),
  };

  // Only this plugin parses multipart; the file size limit is UPLOAD_MAX_BYTES.
  await app.register(multipart, {
    limits: { fileSize: runtime.config.uploadMaxBytes, files: 3, fields: 10, fieldSize: 64 * 1024, parts: 13 },
  });

  app.get('/admin/gallery', { preHandler: requireAdmin, schema: { response: { 200: z.array(galleryImageOut) } } }, async () => {
    const docs = await images().find({}, { sort: GALLERY_SORT });
    return docs.map(toGalleryImage);
  });

  app.post('/admin/gallery', { preHandler: requireAdmin, schema: docs.add }, async (request, reply) => {
    const { id } = await addGalleryImage(runtime, request.body, request.commandContext());
    return reply.status(201).send(await imageOut(id));
  });

  app.put(
    '/admin/gallery/:id',
    { preHandler: requireAdmin, schema: { ...docs.change, params: idParams, response: { 200: galleryImageOut } } },
    async (request) => {
      const id = checkId(request.params.id, GALLERY_IMAGE_NOT_FOUND);
      await changeGalleryImage(runtime, id, request.body, request.commandContext());
      return imageOut(id);
    },
  );

  app.delete(
    '/admin/gallery/:id',
    { preHandler: requireAdmin, schema: { params: idParams, response: { 200: z.object({ id: z.string() }) } } },
    async (request) => {
      const id = checkId(request.params.id, GALLERY_IMAGE_NOT_FOUND);
      await removeGalleryImage(runtime, id, request.commandContext());
      return { id };
    },
  );

  app.post(
    '/admin/gallery/upload',
    { preHandler: requireAdmin, schema: { ...docs.upload, response: { 201: galleryImageOut } } },
    async (request, reply) => {
      const { file, alt } = await readUpload(request, runtime.config.uploadMaxBytes);
      if (!file) throw new ValidationError(IMAGE_FILE_REQUIRED, [{ path: ['image'], message: IMAGE_FILE_REQUIRED }]);
      const { alt_text } = parseWith(galleryUploadSchema, { alt_text: alt });
      const { id } = await uploadGalleryImage(runtime, file, alt_text, request.commandContext());
      return reply.status(201).send(await imageOut(id));
    },
  );
};

/**
 * Reads the multipart form: the `image` file (buffered up to the limit) and `alt_text`. A browser
 * with no file chosen still sends an empty `image` part: that counts as no file.
 */
async function readUpload(request: FastifyRequest, maxBytes: number): Promise<{ file: Buffer | null; alt: string | undefined }> {
  if (!request.isMultipart()) return { file: null, alt: undefined };
  let file: Buffer | null = null;
  let alt: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === 'image' && !file && data.length > 0) file = data;
      } else if (part.fieldname === 'alt_text' || part.fieldname === 'alt') {
        alt = typeof part.value === 'string' ? part.value : undefined;
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new PayloadTooLargeError(imageTooLargeMessage(maxBytes));
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new PayloadTooLargeError('Too many parts in the upload: send one image and its alt text');
    }
    throw new ValidationError('The upload could not be read: please choose the image again');
  }
  return { file, alt };
}

export function toGalleryImage(d: GalleryImageDoc): GalleryImage {
  return {
    id: d.id,
    url: d.url,
    alt: d.alt,
    thumbnailUrl: d.thumbnailUrl ?? d.url,
    isVisible: d.isVisible,
    isFeatured: d.isFeatured,
    sortOrder: d.sortOrder,
    width: d.width ?? null,
    height: d.height ?? null,
    createdAt: d.createdAt,
  };
}
