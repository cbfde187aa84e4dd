import { describe, expect, it } from 'vitest';
import { TEXT_LIMITS, SOCIAL_MEDIA_LIMITS, businessInfoFormSchema } from '@cafe/contracts';
import { useAdminApp } from '../../../test/admin-app.js';
import { partyBody, reservationBody } from '../../../test/booking-test-kit.js';

const long = (n: number) => 'x'.repeat(n);

describe('bounds on every text field and map', () => {
  const { t, admin, send, eventCount } = useAdminApp();

  it('refuses social_media with 30,000 keys (a 1 MB event served to every visitor) with 400 and stores nothing', async () => {
    const before = await eventCount();
    const social_media = Object.fromEntries(Array.from({ length: 30_000 }, (_, i) => [`k${i}`, 'https://x.example']));
    const res = await send('PUT', '/api/admin/business-info', { name: 'Meeple Haven', social_media });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Social media can hold at most ${SOCIAL_MEDIA_LIMITS.maxLinks} links`);
    expect(await eventCount()).toBe(before);
  });

  it('refuses a social media name or link over its limit, and a too long hours text', async () => {
    const before = await eventCount();
    const cases: [unknown, string][] = [
      [
        { [long(SOCIAL_MEDIA_LIMITS.name + 1)]: 'https://x.example' },
        `Social media names must be at most ${SOCIAL_MEDIA_LIMITS.name} characters`,
      ],
      [
        { facebook: `https://x.example/${long(SOCIAL_MEDIA_LIMITS.link)}` },
        `Social media links must be at most ${SOCIAL_MEDIA_LIMITS.link} characters`,
      ],
    ];
    for (const [social_media, message] of cases) {
      const res = await send('PUT', '/api/admin/business-info', { name: 'Meeple Haven', social_media });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const hours = await send('PUT', '/api/admin/business-info', {
      name: 'Meeple Haven',
      hoursJson: JSON.stringify({ monday: long(TEXT_LIMITS.hoursJson) }),
    });
    expect(hours.statusCode).toBe(400);
    expect(hours.json().message).toBe(`Opening hours must be at most ${TEXT_LIMITS.hoursJson} characters`);
    expect(await eventCount()).toBe(before);
  });

  it('answers each text field one character over its limit with 400 and a message naming the field and the limit', async () => {
    const before = await eventCount();
    const cases: [string, string, unknown, string][] = [
      [
        'POST',
        '/api/reservations',
        { ...reservationBody, name: long(TEXT_LIMITS.name + 1) },
        `Name must be at most ${TEXT_LIMITS.name} characters`,
      ],
      [
        'POST',
        '/api/reservations',
        { ...reservationBody, specialRequests: long(TEXT_LIMITS.specialRequests + 1) },
        `Special requests must be at most ${TEXT_LIMITS.specialRequests} characters`,
      ],
      [
        'POST',
        '/api/party-bookings',
        { ...partyBody, name: long(TEXT_LIMITS.name + 1) },
        `Name must be at most ${TEXT_LIMITS.name} characters`,
      ],
      [
        'POST',
        '/api/admin/reservations',
        { ...reservationBody, name: long(TEXT_LIMITS.name + 1) },
        `Name must be at most ${TEXT_LIMITS.name} characters`,
      ],
      [
        'POST',
        '/api/admin/blocked-dates',
        { date: '2026-12-24', reason: long(TEXT_LIMITS.blockedDateReason + 1) },
        `Reason must be at most ${TEXT_LIMITS.blockedDateReason} characters`,
      ],
      ['POST', '/api/admin/menu/items', { categoryId: long(TEXT_LIMITS.id + 1), name: 'Tea', price: 3 }, 'Menu category not found'],
      [
        'PUT',
        '/api/admin/business-info',
        { name: 'Meeple Haven', description: long(TEXT_LIMITS.description + 1) },
        `Description must be at most ${TEXT_LIMITS.description} characters`,
      ],
      [
        'POST',
        '/api/admin/events',
        { title: 'Game night', event_date: '2026-12-05', description: long(TEXT_LIMITS.description + 1) },
        `Description must be at most ${TEXT_LIMITS.description} characters`,
      ],
      ['POST', '/api/admin/gallery', { url: `https://x.example/${long(TEXT_LIMITS.url)}`, alt: 'A table' }, 'Please enter a valid URL'],
      [
        'POST',
        '/api/admin/gallery',
        { url: 'https://x.example/a.jpg', alt: long(TEXT_LIMITS.altText + 1) },
        `Alt text must be at most ${TEXT_LIMITS.altText} characters`,
      ],
    ];
    for (const [method, url, body, message] of cases) {
      const res = await send(method as 'POST', url, body);
      expect(res.statusCode, `${method} ${url} ${message}`).toBe(400);
      expect(res.json().message, `${method} ${url}`).toBe(message);
    }
    expect(await eventCount()).toBe(before);
  });

  it('refuses admin notes over their limit when deciding a party booking', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/party-bookings', payload: partyBody });
    const { id, version } = created.json();
    const res = await send(
      'PATCH',
      `/api/party-bookings/${id}/approve`,
      { status: 'approved', adminNotes: long(TEXT_LIMITS.adminNotes + 1) },
      {
        ...admin,
        'if-match': `"${version}"`,
      },
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(`Admin notes must be at most ${TEXT_LIMITS.adminNotes} characters`);
  });

  it('answers a body over the body limit with 413 and a JSON message', async () => {
    const res = await send('PUT', '/api/admin/business-info', { name: 'Meeple Haven', description: long(1_100_000) });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/too large/i);
  });

  it('keeps the limits in contracts, where the browser reads them: the same schema refuses in the browser', () => {
    const result = businessInfoFormSchema.safeParse({
      name: 'Meeple Haven',
      social_media: Object.fromEntries(Array.from({ length: SOCIAL_MEDIA_LIMITS.maxLinks + 1 }, (_, i) => [`k${i}`, 'https://x.example'])),
    });
    expect(result.success).toBe(false);
  });
});
