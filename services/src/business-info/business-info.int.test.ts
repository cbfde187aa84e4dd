import { describe, expect, it } from 'vitest';
import { useAdminApp } from '../../test/admin-app.js';

describe('business info API', () => {
  const { t, admin } = useAdminApp();

  const get = async () => (await t.app.inject('/api/business-info')).json();
  const put = (body: unknown, headers = admin) =>
    t.app.inject({ method: 'PUT', url: '/api/admin/business-info', headers, payload: body as object });
  const stream = () => t.runtime.eventStore.readStream('businessInfo-main');
  const form = {
    name: 'Meeple Haven Café',
    description: 'Board games, pizza and good company.',
    address: '1200 Main St, Waukesha, WI 53186',
    phone: '(262) 555-0199',
    email: 'play@meeplehaven.test',
    website: 'https://meeplehaven.test',
    hours: 'Monday - Thursday: 3:00 PM - 10:00 PM\nFriday: 3:00 PM - 11:00 PM\nSaturday: 11:00 AM - 11:00 PM\nSunday: 11:00 AM - 8:00 PM',
    social_media: { facebook: 'https://facebook.com/meeplehaven', instagram: 'https://instagram.com/meeplehaven', tiktok: '' },
  };

  it('answers both readings with the defaults before anything is set', async () => {
    const info = await get();
    expect(JSON.parse(info.hoursJson)).toEqual({
      monday: '3:00 PM - 11:00 PM',
      saturday: '11:00 AM - 11:00 PM',
      sunday: '11:00 AM - 8:00 PM',
    });
    expect(info).toMatchObject({
      phone: '(262) 555-0142',
      email: 'hello@meeplehavencafe.com',
      name: '',
      hours: 'Monday - Friday: 3:00 PM - 11:00 PM\nSaturday: 11:00 AM - 11:00 PM\nSunday: 11:00 AM - 8:00 PM',
      social_media: {},
      facebookUrl: null,
      announcement: null,
    });
  });

  it('PUT records BusinessInfoUpdated with the admin as actor and derives hoursJson from the hours lines', async () => {
    const res = await put(form);
    expect(res.statusCode).toBe(200);
    const info = res.json();
    expect(info).toMatchObject({
      name: 'Meeple Haven Café',
      address: '1200 Main St, Waukesha, WI 53186',
      phone: '(262) 555-0199',
      email: 'play@meeplehaven.test',
      website: 'https://meeplehaven.test',
      hours: form.hours,
      social_media: { facebook: 'https://facebook.com/meeplehaven', instagram: 'https://instagram.com/meeplehaven' },
      facebookUrl: 'https://facebook.com/meeplehaven',
      instagramUrl: 'https://instagram.com/meeplehaven',
      updatedAt: '2026-11-18T16:00:00.000Z',
    });
    expect(JSON.parse(info.hoursJson)).toEqual({
      monday: '3:00 PM - 10:00 PM',
      tuesday: '3:00 PM - 10:00 PM',
      wednesday: '3:00 PM - 10:00 PM',
      thursday: '3:00 PM - 10:00 PM',
      friday: '3:00 PM - 11:00 PM',
      saturday: '11:00 AM - 11:00 PM',
      sunday: '11:00 AM - 8:00 PM',
    });
    expect(await get()).toEqual(info);
    const events = await stream();
    expect(events.at(-1)).toMatchObject({ type: 'BusinessInfoUpdated', data: { name: 'Meeple Haven Café' } });
    expect(events.at(-1)!.metadata.actor).toMatchObject({ kind: 'admin', email: 'owner@example.com' });
  });

  it('appends only what changed, nothing when nothing did; empty email and website clear them', async () => {
    await put(form);
    const before = (await stream()).length;
    expect((await put(form)).statusCode).toBe(200);
    expect((await stream()).length).toBe(before);
    const res = await put({ ...form, email: '', website: '', hours: 'Call us for hours' });
    const last = (await stream()).at(-1)!;
    expect(last.data).toEqual({ email: null, website: null, hours: 'Call us for hours' });
    // Unreadable lines keep the last hoursJson; the email falls back to the default.
    expect(res.json()).toMatchObject({ email: 'hello@meeplehavencafe.com', website: '', hours: 'Call us for hours' });
    expect(JSON.parse(res.json().hoursJson).friday).toBe('3:00 PM - 11:00 PM');
  });

  it.each([
    ['no name', { ...form, name: undefined }, 'Business name is required'],
    ['a blank name', { ...form, name: ' ' }, 'Business name is required'],
    ['a bad email', { ...form, email: 'play@' }, 'Please enter a valid email address'],
    ['a bad website', { ...form, website: 'meeplehaven' }, 'Please enter a valid URL'],
    ['social_media that is not a map', { ...form, social_media: ['x'] }, 'social_media must map names to links'],
  ])('refuses %s with 400 and appends nothing', async (_l, body, message) => {
    const before = (await t.runtime.eventStore.readAll()).length;
    const res = await put(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await t.runtime.eventStore.readAll()).length).toBe(before);
  });

  it('accepts the stored reading (hoursJson, announcement)', async () => {
    const res = await put({
      name: 'Meeple Haven Café',
      hours: undefined,
      hoursJson: JSON.stringify({ monday: 'Noon - 9 PM' }),
      announcement: 'Closed Thanksgiving',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ announcement: 'Closed Thanksgiving', hours: 'Monday - Friday: Noon - 9 PM' });
    expect(JSON.parse(res.json().hoursJson)).toEqual({ monday: 'Noon - 9 PM' });
    expect((await put({ name: 'x', hoursJson: '[1]' })).json().message).toBe('hoursJson must be a JSON object of weekday names to text');
  });

  it('locks PUT to admins', async () => {
    expect((await put(form, { origin: admin.origin! })).statusCode).toBe(401);
    expect((await put(form, { cookie: admin.cookie! })).statusCode).toBe(403);
  });
});
