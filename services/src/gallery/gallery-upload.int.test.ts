import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signInAdmin } from '../../test/auth.js';

type Part = string | { data: Buffer; filename: string; type: string };

/** A real multipart/form-data body, as a browser's FormData makes it. */
async function multipart(parts: Record<string, Part>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.data)], { type: value.type }), value.filename);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();

/** A camera-like JPEG: EXIF with a camera, GPS-ish comment and orientation 6 (shot rotated 90°). */
const cameraJpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 90 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'TestCam', Model: 'Meeple 9000', Copyright: 'secret-owner' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();

/** Random pixels do not compress: a JPEG of a chosen, large size. */
const noisyJpeg = (side: number) =>
  sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 100 })
    .toBuffer();

describe('POST /api/admin/gallery/upload', () => {
  let t: TestApp;
  afterEach(async () => {
    await t?.close();
  });

  async function start(env: Record<string, string> = {}) {
    t = await createTestApp({ env });
    const { headers } = await signInAdmin(t);
    const blobs = t.runtime.blobs;
    const contentEvents = async () => (await t.runtime.eventStore.readAll()).filter((e) => e.streamId.startsWith('gallery')).length;
    const upload = async (parts: Record<string, Part>) => {
      const body = await multipart(parts);
      return t.app.inject({
        method: 'POST',
        url: '/api/admin/gallery/upload',
        headers: { ...headers, 'content-type': body.contentType },
        payload: body.payload,
      });
    };
    return { headers, blobs, contentEvents, upload };
  }

  it('accepts a real PNG: stores a web-sized version (max 1600 px) and a 480 px thumbnail, served with long cache headers', async () => {
    const { upload, blobs, headers } = await start();
    const res = await upload({ image: { data: await png(2400, 1800), filename: 'board.png', type: 'image/png' }, alt_text: 'Our board' });
    expect(res.statusCode).toBe(201);
    const image = res.json();
    expect(image).toMatchObject({ alt: 'Our board', width: 1600, height: 1200, isFeatured: false, isVisible: true });
    expect(image.url).toMatch(/^\/api\/uploads\/[0-9a-f]{64}\.jpg$/);
    expect(image.thumbnailUrl).toMatch(/^\/api\/uploads\/[0-9a-f]{64}\.jpg$/);
    expect(await blobs.list()).toHaveLength(2);

    const web = await t.app.inject(image.url);
    expect(web.statusCode).toBe(200);
    expect(web.headers['content-type']).toBe('image/jpeg');
    expect(web.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(web.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1600, height: 1200 });
    const thumb = await t.app.inject(image.thumbnailUrl);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 480, height: 360 });
    const cached = await t.app.inject({ url: image.url, headers: { 'if-none-match': web.headers.etag as string } });
    expect(cached.statusCode).toBe(304);

    const [event] = await t.runtime.eventStore.readStream(`galleryImage-${image.id}`);
    expect(event).toMatchObject({ type: 'GalleryImageAdded', data: { source: 'upload', url: image.url } });
    const listed = (await t.app.inject({ url: '/api/admin/gallery', headers })).json();
    expect(listed.map((i: { id: string }) => i.id)).toEqual([image.id]);
  });

  it('accepts a real JPEG from a camera: orientation applied, resized, and EXIF gone', async () => {
    const { upload, blobs } = await start();
    const original = await cameraJpeg(3000, 2000);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload({ image: { data: original, filename: 'IMG_0042.JPG', type: 'image/jpeg' }, alt_text: 'Game night' });
    expect(res.statusCode).toBe(201);
    const image = res.json();
    // Orientation 6 turns the 3000×2000 shot upright (2000×3000), then it fits 1600 px.
    expect([image.width, image.height]).toEqual([1067, 1600]);
    for (const url of [image.url, image.thumbnailUrl]) {
      const blob = await blobs.get(url.replace('/api/uploads/', ''));
      const meta = await sharp(blob!.data).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(blob!.data.includes(Buffer.from('secret-owner'))).toBe(false);
      expect(blob!.data.includes(Buffer.from('TestCam'))).toBe(false);
    }
  });

  it('keeps transparency: a PNG with alpha becomes WebP', async () => {
    const { upload } = await start();
    const data = await sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.3 } } })
      .png()
      .toBuffer();
    const res = await upload({ image: { data, filename: 'logo.png', type: 'image/png' }, alt_text: 'Logo' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ width: 300, height: 200 });
    expect(res.json().url).toMatch(/\.webp$/);
  });

  it('accepts files above the 1 MB JSON body limit, up to UPLOAD_MAX_BYTES', async () => {
    const { upload } = await start();
    const data = await noisyJpeg(1200);
    expect(data.length).toBeGreaterThan(1024 * 1024);
    const res = await upload({ image: { data, filename: 'noise.jpg', type: 'image/jpeg' }, alt_text: 'Noise' });
    expect(res.statusCode).toBe(201);
  });

  it('refuses a text file named .png with 415 and stores nothing', async () => {
    const { upload, blobs, contentEvents } = await start();
    const res = await upload({
      image: { data: Buffer.from('this is not a picture\n'.repeat(20)), filename: 'photo.png', type: 'image/png' },
      alt_text: 'Fake',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Only image files (JPEG, PNG, WebP, GIF, AVIF or TIFF) can be uploaded');
    expect(await blobs.list()).toEqual([]);
    expect(await contentEvents()).toBe(0);
  });

  it('refuses a PNG whose bytes are cut short (415) and an SVG (415), storing nothing', async () => {
    const { upload, blobs, contentEvents } = await start();
    const full = await png(400, 400);
    const cut = await upload({ image: { data: full.subarray(0, 60), filename: 'cut.png', type: 'image/png' }, alt_text: 'Cut' });
    expect(cut.statusCode).toBe(415);
    const svg = await upload({
      image: {
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        filename: 'x.svg',
        type: 'image/svg+xml',
      },
      alt_text: 'Svg',
    });
    expect(svg.statusCode).toBe(415);
    expect(await blobs.list()).toEqual([]);
    expect(await contentEvents()).toBe(0);
  });

  it('refuses a file over UPLOAD_MAX_BYTES with 413 and stores nothing', async () => {
    const { upload, blobs, contentEvents } = await start({ UPLOAD_MAX_BYTES: '50000' });
    const data = await noisyJpeg(300);
    expect(data.length).toBeGreaterThan(50_000);
    const res = await upload({ image: { data, filename: 'big.jpg', type: 'image/jpeg' }, alt_text: 'Too big' });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The image is too large: the limit is 49 KB');
    expect(await blobs.list()).toEqual([]);
    expect(await contentEvents()).toBe(0);
  });

  it("answers 'Please select an image file' without a file (none, or the empty part a browser sends) and 'Alt text is required'", async () => {
    const { upload, blobs, contentEvents, headers } = await start();
    const bodies: Record<string, Part>[] = [
      { alt_text: 'x' },
      { image: { data: Buffer.alloc(0), filename: '', type: 'application/octet-stream' }, alt_text: 'x' },
    ];
    for (const parts of bodies) {
      const res = await upload(parts);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please select an image file');
    }
    const json = await t.app.inject({ method: 'POST', url: '/api/admin/gallery/upload', headers, payload: { alt_text: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('Please select an image file');
    const noAlt = await upload({ image: { data: await png(100, 100), filename: 'a.png', type: 'image/png' }, alt_text: ' ' });
    expect(noAlt.statusCode).toBe(400);
    expect(noAlt.json().message).toBe('Alt text is required');
    expect(await blobs.list()).toEqual([]);
    expect(await contentEvents()).toBe(0);
  });

  it('answers 404 for an unknown or malformed upload key', async () => {
    await start();
    expect((await t.app.inject(`/api/uploads/${'0'.repeat(64)}.jpg`)).statusCode).toBe(404);
    expect((await t.app.inject('/api/uploads/..%2F..%2Fevents.sqlite')).statusCode).toBe(404);
  });
});
