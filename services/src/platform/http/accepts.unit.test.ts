import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { installErrorHandler } from './error-handler.js';
import { accepts, builtPerRequest, documented, validatorCompilerWithDocs } from './openapi.js';

/** `accepts`: Fastify validates the declared input as parseWith does; the handler reads the parsed value. */
describe('accepts: the input declared once, validated by Fastify with the contract schema', () => {
  let app: FastifyInstance;
  let parses = 0;
  let day = '2026-05-01';
  const body = z.object({
    name: z.string({ error: 'Name is required' }).min(1, 'Name is required'),
    size: z.coerce.number().int().min(1, 'At least 1'),
  });
  // Its output (a number) is not valid input: parsed twice, it would fail.
  const counted = z.object({ seats: z.string().transform((s) => (parses++, s.length)) });
  const query = z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be YYYY-MM-DD') });
  const fromToday = (today: string) => z.object({ date: z.string().refine((d) => d >= today, 'Date cannot be in the past') });

  beforeAll(async () => {
    const typed = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    typed.setValidatorCompiler(validatorCompilerWithDocs);
    typed.setSerializerCompiler(serializerCompiler);
    installErrorHandler(typed);
    typed.post('/things', { schema: accepts({ body, etag: true }) }, async (req) => {
      const size: number = req.body.size;
      return { name: req.body.name, size };
    });
    typed.post('/counted', { schema: accepts({ body: counted }) }, async (req) => ({ seats: req.body.seats }));
    typed.get('/day', { schema: accepts({ querystring: query }) }, async (req) => ({ date: req.query.date }));
    typed.post('/booked', { schema: accepts({ body: builtPerRequest(() => fromToday(day)) }) }, async (req) => req.body);
    typed.post('/raw', { schema: documented({ body }) }, async (req) => ({ raw: req.body ?? null }));
    await typed.ready();
    app = typed;
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers the parsed value to the handler', async () => {
    const res = await app.inject({ method: 'POST', url: '/things', payload: { name: 'Ada', size: '4' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'Ada', size: 4 });
  });

  it("refuses with the product's 400: the first issue's message, and every issue", async () => {
    const res = await app.inject({ method: 'POST', url: '/things', payload: { name: '', size: 0 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Name is required',
      issues: [
        { path: ['name'], message: 'Name is required' },
        { path: ['size'], message: 'At least 1' },
      ],
    });
  });

  it('reads a missing body as {}, as parseWith does', async () => {
    const res = await app.inject({ method: 'POST', url: '/things' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Name is required');
  });

  it('parses once: a transform runs once and its output reaches the handler', async () => {
    parses = 0;
    const res = await app.inject({ method: 'POST', url: '/counted', payload: { seats: 'abc' } });
    expect(res.json()).toEqual({ seats: 3 });
    expect(parses).toBe(1);
  });

  it('validates the query string the same way', async () => {
    expect((await app.inject({ method: 'GET', url: '/day?date=2026-05-02' })).json()).toEqual({ date: '2026-05-02' });
    const bad = await app.inject({ method: 'GET', url: '/day?date=tomorrow' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Date must be YYYY-MM-DD', issues: [{ path: ['date'], message: 'Date must be YYYY-MM-DD' }] });
  });

  it('builtPerRequest: each request is validated with the schema built then', async () => {
    day = '2026-05-01';
    expect((await app.inject({ method: 'POST', url: '/booked', payload: { date: '2026-05-01' } })).statusCode).toBe(200);
    day = '2026-05-02';
    const late = await app.inject({ method: 'POST', url: '/booked', payload: { date: '2026-05-01' } });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('Date cannot be in the past');
  });

  it('documented input stays description only: the handler gets the raw body', async () => {
    const res = await app.inject({ method: 'POST', url: '/raw', payload: { name: '' } });
    expect(res.json()).toEqual({ raw: { name: '' } });
  });
});
