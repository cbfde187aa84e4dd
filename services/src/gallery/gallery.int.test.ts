import { describe, expect, it } from 'vitest';
import { useAdminApp } from '../../test/admin-app.js';

describe('gallery API (URL images, featured order)', () => {
  const { t, admin, send, eventCount } = useAdminApp();

  const add = async (alt: string) => {
    const res = await send('POST', '/api/admin/gallery', { url: `https://img.test/${alt}.jpg`, alt });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string };
  };
  const adminList = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/gallery', headers: admin })).json() as {
      id: string;
      alt: string;
      isFeatured: boolean;
      sortOrder: number;
    }[];
  const featured = async () => (await adminList()).filter((i) => i.isFeatured).map((i) => [i.alt, i.sortOrder]);

  it('adds an image by URL with the defaults and lists it publicly', async () => {
    const res = await send('POST', '/api/admin/gallery', { url: 'https://img.test/dice.jpg', alt: 'Dice on a table' });
    expect(res.statusCode).toBe(201);
    const image = res.json();
    expect(image).toMatchObject({
      url: 'https://img.test/dice.jpg',
      thumbnailUrl: 'https://img.test/dice.jpg',
      alt: 'Dice on a table',
      isVisible: true,
      isFeatured: false,
      sortOrder: 0,
    });
    const [event] = await t.runtime.eventStore.readStream(`galleryImage-${image.id}`);
    expect(event).toMatchObject({ type: 'GalleryImageAdded', data: { imageId: image.id, source: 'url' } });
    expect(event!.metadata.actor).toMatchObject({ kind: 'admin', email: 'owner@example.com' });
    const publicList = (await t.app.inject('/api/gallery')).json() as { id: string; url: string; alt: string }[];
    expect(publicList.find((i) => i.id === image.id)).toMatchObject({ id: image.id, url: image.url, alt: image.alt });
  });

  it.each([
    ['no url', { alt: 'x' }, 'Please enter a valid URL'],
    ['a url that is not one', { url: 'dice.jpg', alt: 'x' }, 'Please enter a valid URL'],
    ['a javascript: url', { url: 'javascript:alert(1)', alt: 'x' }, 'Please enter a valid URL'],
    ['no alt', { url: 'https://img.test/a.jpg' }, 'Alt text is required'],
    ['a blank alt', { url: 'https://img.test/a.jpg', alt: '  ' }, 'Alt text is required'],
  ])('POST refuses %s with 400 and appends nothing', async (_l, body, message) => {
    const before = await eventCount();
    const res = await send('POST', '/api/admin/gallery', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await eventCount()).toBe(before);
  });

  it('edits url and alt with PUT, refusing bad ones, and 404s an unknown image', async () => {
    const { id } = await add('edit-me');
    const res = await send('PUT', `/api/admin/gallery/${id}`, { url: '/api/uploads/0123456789abcdef.jpg', alt: 'Edited' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ url: '/api/uploads/0123456789abcdef.jpg', alt: 'Edited' });
    expect((await send('PUT', `/api/admin/gallery/${id}`, { url: 'nope', alt: 'x' })).json().message).toBe('Please enter a valid URL');
    expect((await send('PUT', `/api/admin/gallery/${id}`, { url: 'https://a.test/x.jpg', alt: '' })).json().message).toBe(
      'Alt text is required',
    );
    expect((await send('PUT', '/api/admin/gallery/no-such-image', { alt: 'x' })).statusCode).toBe(404);
    expect((await send('PUT', '/api/admin/gallery/no-such-image', { isFeatured: true })).statusCode).toBe(404);
  });

  it('featuring appends to the featured order; moving one rewrites every featured sortOrder to 0..n-1', async () => {
    const [a, b, c, d] = [await add('A'), await add('B'), await add('C'), await add('D')];
    for (const x of [a, b, c]) {
      const res = await send('PUT', `/api/admin/gallery/${x.id}`, { isFeatured: true });
      expect(res.statusCode).toBe(200);
    }
    expect(await featured()).toEqual([
      ['A', 0],
      ['B', 1],
      ['C', 2],
    ]);

    // Move C up twice, as the dashboard's "move up" does: it becomes first, the others follow 1, 2.
    const moved = await send('PUT', `/api/admin/gallery/${c.id}`, { sortOrder: 0 });
    expect(moved.json()).toMatchObject({ isFeatured: true, sortOrder: 0 });
    expect(await featured()).toEqual([
      ['C', 0],
      ['A', 1],
      ['B', 2],
    ]);
    const [reordered] = (await t.runtime.eventStore.readStream('galleryFeatured-main')).slice(-1);
    expect(reordered).toMatchObject({ type: 'GalleryImageReordered', data: { imageId: c.id, featuredOrder: [c.id, a.id, b.id] } });

    // A place past the end means last.
    await send('PUT', `/api/admin/gallery/${c.id}`, { sortOrder: 99 });
    expect(await featured()).toEqual([
      ['A', 0],
      ['B', 1],
      ['C', 2],
    ]);

    // The public gallery shows featured first, in order, then the others.
    const publicIds = ((await t.app.inject('/api/gallery')).json() as { id: string }[]).map((i) => i.id);
    expect(publicIds.slice(0, 3)).toEqual([a.id, b.id, c.id]);
    expect(publicIds).toContain(d.id);

    // Unfeaturing and deleting renumber the rest.
    await send('PUT', `/api/admin/gallery/${a.id}`, { isFeatured: false });
    expect(await featured()).toEqual([
      ['B', 0],
      ['C', 1],
    ]);
    expect((await send('DELETE', `/api/admin/gallery/${b.id}`)).json()).toEqual({ id: b.id });
    expect(await featured()).toEqual([['C', 0]]);
    expect((await adminList()).some((i) => i.id === b.id)).toBe(false);
    expect((await send('DELETE', `/api/admin/gallery/${b.id}`)).statusCode).toBe(404);

    // sortOrder on an image that is not featured is just its own sortOrder.
    expect((await send('PUT', `/api/admin/gallery/${d.id}`, { sortOrder: 5 })).json()).toMatchObject({ isFeatured: false, sortOrder: 5 });
  });

  it('hides an image from the public with isVisible false, admins still see it', async () => {
    const { id } = await add('hidden');
    await send('PUT', `/api/admin/gallery/${id}`, { isVisible: false });
    expect(((await t.app.inject('/api/gallery')).json() as { id: string }[]).some((i) => i.id === id)).toBe(false);
    expect((await adminList()).some((i) => i.id === id)).toBe(true);
  });

  it('refuses an empty PUT and a fractional sortOrder', async () => {
    const { id } = await add('x');
    expect((await send('PUT', `/api/admin/gallery/${id}`, {})).statusCode).toBe(400);
    expect((await send('PUT', `/api/admin/gallery/${id}`, { sortOrder: 1.5 })).json().message).toBe('Sort order must be a whole number');
  });

  it('locks the admin routes (GET /api/admin/gallery included)', async () => {
    expect((await t.app.inject('/api/admin/gallery')).statusCode).toBe(401);
    for (const [method, url] of [
      ['POST', '/api/admin/gallery'],
      ['PUT', '/api/admin/gallery/x'],
      ['DELETE', '/api/admin/gallery/x'],
      ['POST', '/api/admin/gallery/upload'],
    ] as const) {
      expect((await send(method, url, { url: 'https://a.test/a.jpg', alt: 'x' }, { origin: admin.origin! })).statusCode).toBe(401);
    }
  });

  it('serves the placeholder image under /api', async () => {
    const res = await t.app.inject('/api/images/placeholder.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.body).toContain('<svg');
  });
});
