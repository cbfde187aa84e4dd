import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLogger, redactUrl } from './logger.js';

describe('request logs', () => {
  it('never carry a guest link token, in the API path or the page query', () => {
    expect(redactUrl('/api/guest-bookings/r.1.2.sig')).toBe('/api/guest-bookings/[redacted]');
    expect(redactUrl('/api/event-sign-ups/s.1.2.sig')).toBe('/api/event-sign-ups/[redacted]');
    expect(redactUrl('/api/open-tables/host/r.abc.123.sig/requests/x')).toBe('/api/open-tables/host/[redacted]/requests/x');
    expect(redactUrl('/api/open-tables/t-1/join-requests')).toBe('/api/open-tables/t-1/join-requests');
    expect(redactUrl('/my-booking?token=r.1.2.sig&x=1')).toBe('/my-booking?token=[redacted]&x=1');
    expect(redactUrl('/api/reservations?date=2026-12-01')).toBe('/api/reservations?date=2026-12-01');
  });

  it("never carry a guest's e-mail or a search fragment of a name, e-mail or phone", () => {
    expect(redactUrl('/api/admin/guests/record?email=ada%40example.com')).toBe('/api/admin/guests/record?email=[redacted]');
    expect(redactUrl('/api/admin/booking-search?q=Ada%20Love&limit=8')).toBe('/api/admin/booking-search?q=[redacted]&limit=8');
    expect(redactUrl('/api/admin/booking-search?limit=8&q=555%2012#x')).toBe('/api/admin/booking-search?limit=8&q=[redacted]#x');
    expect(redactUrl('/x?Email=a@b.c&phone=5551234&name=Ada')).toBe('/x?Email=[redacted]&phone=[redacted]&name=[redacted]');
    // Dates, sizes and cursors are not personal: they stay, so the logs still say what was asked.
    expect(redactUrl('/api/admin/reports?from=2026-11-01&to=2026-11-30')).toBe('/api/admin/reports?from=2026-11-01&to=2026-11-30');
    expect(redactUrl('/api/admin/arrivals?date=2026-11-26')).toBe('/api/admin/arrivals?date=2026-11-26');
  });

  it('an incoming request is logged with its method and redacted url', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ loggerInstance: createLogger('info', 'test', sink) });
    app.get('/api/guest-bookings/:token', () => ({ ok: true }));
    await app.inject('/api/guest-bookings/r.secret-token.1.sig');
    await app.close();
    const text = lines.join('');
    expect(text).toContain('"url":"/api/guest-bookings/[redacted]"');
    expect(text).not.toContain('secret-token');
  });

  it('a guest record request is logged without the e-mail it asked for', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ loggerInstance: createLogger('info', 'test', sink) });
    app.get('/api/admin/guests/record', () => ({ ok: true }));
    app.get('/api/admin/booking-search', () => ({ ok: true }));
    await app.inject('/api/admin/guests/record?email=ada.lovelace%40example.com');
    await app.inject('/api/admin/booking-search?q=lovelace');
    await app.close();
    const text = lines.join('');
    expect(text).toContain('"url":"/api/admin/guests/record?email=[redacted]"');
    expect(text).not.toContain('lovelace');
  });
});
