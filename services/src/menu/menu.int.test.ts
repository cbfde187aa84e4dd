import { beforeEach, describe, expect, it } from 'vitest';
import { useAdminApp } from '../../test/admin-app.js';
import { signIn } from '../../test/auth.js';

describe('menu API', () => {
  const { t, admin, send, eventCount } = useAdminApp();

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const newCategory = async (name: string, extra: object = {}) => {
    const res = await send('POST', '/api/admin/menu/categories', { name, ...extra });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string };
  };

  let pizzas: { id: string };
  beforeEach(async () => {
    pizzas ??= await newCategory('Pizzas', { description: 'Hand-tossed', sortOrder: 1 });
  });

  describe('categories', () => {
    it('creates with 201, records MenuCategoryCreated with the admin as actor, and lists by sortOrder then name', async () => {
      const drinks = await newCategory('Drinks', { sortOrder: 3 });
      const salads = await newCategory('Salads', { sortOrder: 1 });
      const [event] = await t.runtime.eventStore.readStream(`menuCategory-${drinks.id}`);
      expect(event).toMatchObject({ type: 'MenuCategoryCreated', data: { categoryId: drinks.id, name: 'Drinks', sortOrder: 3 } });
      expect(event!.metadata.actor).toMatchObject({ kind: 'admin', email: 'owner@example.com' });
      const list = (await get('/api/menu/categories')).json() as { id: string; name: string }[];
      const names = list.map((c) => c.name);
      expect(names.indexOf('Pizzas')).toBeLessThan(names.indexOf('Salads'));
      expect(names.indexOf('Salads')).toBeLessThan(names.indexOf('Drinks'));
      expect(list.find((c) => c.id === pizzas.id)).toEqual({
        id: pizzas.id,
        name: 'Pizzas',
        description: 'Hand-tossed',
        sortOrder: 1,
        createdAt: '2026-11-18T16:00:00.000Z',
      });
      expect(salads.id).not.toBe(drinks.id);
    });

    it.each([
      ['no name', {}, 'Category name is required'],
      ['a blank name', { name: '   ' }, 'Category name is required'],
      ['a fractional sortOrder', { name: 'X', sortOrder: 1.5 }, 'Sort order must be a whole number'],
    ])('refuses %s with 400 and appends nothing', async (_l, body, message) => {
      const before = await eventCount();
      const res = await send('POST', '/api/admin/menu/categories', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect(await eventCount()).toBe(before);
    });

    it('updates with PUT (only what changed) and refuses a blank name', async () => {
      const c = await newCategory('Subs');
      const res = await send('PUT', `/api/admin/menu/categories/${c.id}`, { name: 'Subs & Wraps', description: 'Toasted' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: c.id, name: 'Subs & Wraps', description: 'Toasted' });
      const again = await send('PUT', `/api/admin/menu/categories/${c.id}`, { name: 'Subs & Wraps' });
      expect(again.statusCode).toBe(200);
      const stream = await t.runtime.eventStore.readStream(`menuCategory-${c.id}`);
      expect(stream.map((e) => e.type)).toEqual(['MenuCategoryCreated', 'MenuCategoryUpdated']);
      const bad = await send('PUT', `/api/admin/menu/categories/${c.id}`, { name: '' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Category name is required');
      expect((await send('PUT', '/api/admin/menu/categories/no-such-id', { name: 'X' })).statusCode).toBe(404);
    });

    it('refuses to delete a category that still has items (409), and deletes it once empty', async () => {
      const c = await newCategory('Desserts');
      const item = (await send('POST', '/api/admin/menu/items', { categoryId: c.id, name: 'Brownie', price: 4.5 })).json();
      const refused = await send('DELETE', `/api/admin/menu/categories/${c.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        'The category "Desserts" still has 1 menu item. Move or delete it first, then delete the category.',
      );
      expect((await get('/api/menu/categories')).json().some((x: { id: string }) => x.id === c.id)).toBe(true);
      expect((await send('DELETE', `/api/admin/menu/items/${item.id}`)).statusCode).toBe(200);
      const ok = await send('DELETE', `/api/admin/menu/categories/${c.id}`);
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ id: c.id });
      expect((await get('/api/menu/categories')).json().some((x: { id: string }) => x.id === c.id)).toBe(false);
      expect((await send('DELETE', `/api/admin/menu/categories/${c.id}`)).statusCode).toBe(404);
    });
  });

  describe('items', () => {
    const valid = () => ({ categoryId: pizzas.id, name: 'Margherita', description: 'Basil, mozzarella', price: 12.1 });

    it('creates with the defaults and keeps the price exactly (12.10 round-trips, float noise does not drift)', async () => {
      const res = await send('POST', '/api/admin/menu/items', valid());
      expect(res.statusCode).toBe(201);
      const item = res.json();
      expect(item).toMatchObject({ name: 'Margherita', price: '12.10', isPopular: false, isVisible: true, sortOrder: 0, imageUrl: null });
      const [event] = await t.runtime.eventStore.readStream(`menuItem-${item.id}`);
      expect(event!.data).toMatchObject({ price: '12.10' });
      const listed = (await get('/api/menu/items')).json().find((i: { id: string }) => i.id === item.id);
      expect(listed.price).toBe('12.10');
      // The value goes back through the edit form unchanged.
      const back = await send('PUT', `/api/admin/menu/items/${item.id}`, { price: listed.price });
      expect(back.json().price).toBe('12.10');
      expect((await t.runtime.eventStore.readStream(`menuItem-${item.id}`)).length).toBe(1);

      const noisy = await send('POST', '/api/admin/menu/items', { ...valid(), name: 'Soda', price: 0.1 + 0.2 });
      expect(noisy.json().price).toBe('0.30');
      const text = await send('POST', '/api/admin/menu/items', { ...valid(), name: 'Big', price: '99999999.99' });
      expect(text.json().price).toBe('99999999.99');
    });

    it.each([
      ['no name', { name: undefined }, 'Item name is required'],
      ['no price', { price: undefined }, 'Price is required'],
      ['an empty price', { price: '' }, 'Price is required'],
      ['no category', { categoryId: undefined }, 'Category is required'],
      ['an empty category', { categoryId: '' }, 'Category is required'],
      ['a bad image URL', { imageUrl: 'pizza.jpg' }, 'Please enter a valid URL'],
      ['a bad image_url', { image_url: 'ftp://x' }, 'Please enter a valid URL'],
      ['three decimals', { price: 1.005 }, 'Price can have at most 2 decimal places'],
      ['a negative price', { price: -2 }, 'Price cannot be negative'],
      ['more than 10 digits', { price: '123456789.00' }, 'Price must be at most 99999999.99'],
      [
        'a category that does not exist',
        { categoryId: 'nope' },
        'That category does not exist (it may have been deleted). Please choose another one.',
      ],
    ])('refuses %s with 400 and appends nothing', async (_l, patch, message) => {
      const before = await eventCount();
      const res = await send('POST', '/api/admin/menu/items', { ...valid(), ...patch });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect(await eventCount()).toBe(before);
    });

    it('checks the category against its stream: an item cannot be created in a deleted category', async () => {
      const c = await newCategory('Seasonal');
      expect((await send('DELETE', `/api/admin/menu/categories/${c.id}`)).statusCode).toBe(200);
      const res = await send('POST', '/api/admin/menu/items', { ...valid(), categoryId: c.id });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/does not exist/);
    });

    it('updates, hides from the public (admins still see it), and deletes', async () => {
      const item = (
        await send('POST', '/api/admin/menu/items', { ...valid(), name: 'Pepperoni', image_url: 'https://img.test/p.jpg' })
      ).json();
      expect(item.imageUrl).toBe('https://img.test/p.jpg');
      const upd = await send('PUT', `/api/admin/menu/items/${item.id}`, { isVisible: false, isPopular: true, description: '' });
      expect(upd.statusCode).toBe(200);
      expect(upd.json()).toMatchObject({ isVisible: false, isPopular: true, description: null });
      const publicList = (await get('/api/menu/items')).json() as { id: string }[];
      expect(publicList.some((i) => i.id === item.id)).toBe(false);
      const adminList = (await get('/api/admin/menu/items', { cookie: admin.cookie! })).json() as { id: string }[];
      expect(adminList.some((i) => i.id === item.id)).toBe(true);
      for (const [body, message] of [
        [{ name: '' }, 'Item name is required'],
        [{ price: null }, 'Price is required'],
        [{ categoryId: '' }, 'Category is required'],
      ] as const) {
        const res = await send('PUT', `/api/admin/menu/items/${item.id}`, body);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(message);
      }
      expect((await send('DELETE', `/api/admin/menu/items/${item.id}`)).statusCode).toBe(200);
      expect((await send('PUT', `/api/admin/menu/items/${item.id}`, { name: 'x' })).statusCode).toBe(404);
      expect((await send('DELETE', `/api/admin/menu/items/${item.id}`)).statusCode).toBe(404);
    });

    it('lists public items sorted by sortOrder then name, filterable by category', async () => {
      const drinks = await newCategory('Cold drinks');
      for (const [name, sortOrder] of [
        ['Root beer', 2],
        ['Lemonade', 1],
        ['Iced tea', 1],
      ] as const) {
        await send('POST', '/api/admin/menu/items', { categoryId: drinks.id, name, price: '3', sortOrder });
      }
      const list = (await get(`/api/menu/items?categoryId=${drinks.id}`)).json() as { name: string }[];
      expect(list.map((i) => i.name)).toEqual(['Iced tea', 'Lemonade', 'Root beer']);
      // Across categories, items come grouped in the categories' own order.
      const all = (await get('/api/menu/items')).json() as { categoryId: string }[];
      const cats = ((await get('/api/menu/categories')).json() as { id: string }[]).map((c) => c.id);
      const ranks = all.map((i) => cats.indexOf(i.categoryId));
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    });
  });

  it('locks every admin route: 401 without a session, 403 for a signed-in non-admin, 403 without the Origin', async () => {
    const routes: ['POST' | 'PUT' | 'DELETE', string][] = [
      ['POST', '/api/admin/menu/categories'],
      ['PUT', `/api/admin/menu/categories/${pizzas.id}`],
      ['DELETE', `/api/admin/menu/categories/${pizzas.id}`],
      ['POST', '/api/admin/menu/items'],
      ['PUT', '/api/admin/menu/items/x'],
      ['DELETE', '/api/admin/menu/items/x'],
    ];
    const guest = (await signIn(t, 'guest@example.com')).headers;
    const before = await eventCount();
    for (const [method, url] of routes) {
      expect((await send(method, url, { name: 'X' }, { origin: admin.origin! })).statusCode).toBe(401);
      expect((await send(method, url, { name: 'X' }, guest)).statusCode).toBe(403);
      expect((await send(method, url, { name: 'X' }, { cookie: admin.cookie! })).statusCode).toBe(403);
    }
    expect(await eventCount()).toBe(before);
  });
});
