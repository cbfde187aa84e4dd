import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLogger, redactUrl } from './logger.js';

describe('request logs', () => {
  it('never carry a guest link token, in the API path or the page query', () => {
    expect(redactUrl('/api/guest-bookings/r.1.2.sig')).toBe('/api/guest-bookings/[redacted]');
    expect(redactUrl('/my-booking?token=r.1.2.sig&x=1')).toBe('/my-booking?token=[redacted]&x=1');
    expect(redactUrl('/api/reservations?date=2026-12-01')).toBe('/api/reservations?date=2026-12-01');
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
});
