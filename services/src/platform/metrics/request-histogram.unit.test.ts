import { describe, expect, it } from 'vitest';
import { Registry } from 'prom-client';
import { parsePrometheus, sampleValue } from '../../../test/prometheus-text.js';
import { RequestHistogram } from './request-histogram.js';

describe('RequestHistogram', () => {
  it('exposes cumulative buckets, +Inf, sum and count per route, method and status, as a Prometheus histogram', async () => {
    const registry = new Registry();
    const histogram = new RequestHistogram('http_seconds', 'Request time.', [0.01, 0.1, 1], registry);
    histogram.observe('GET', '/a/:id', 200, 0.005);
    histogram.observe('GET', '/a/:id', 200, 0.05);
    histogram.observe('GET', '/a/:id', 200, 5);
    histogram.observe('POST', '/a/:id', 201, 0.5);
    histogram.observe('GET', '/a/:id', 404, 0.001);

    const text = await registry.metrics();
    expect(text).toContain('# TYPE http_seconds histogram');
    const samples = parsePrometheus(text);
    const ok = { method: 'GET', route: '/a/:id', status_code: '200' };
    expect(
      [0.01, 0.1, 1, Infinity].map((le) =>
        sampleValue(samples, 'http_seconds_bucket', { ...ok, le: le === Infinity ? '+Inf' : String(le) }),
      ),
    ).toEqual([1, 2, 2, 3]);
    expect(sampleValue(samples, 'http_seconds_count', ok)).toBe(3);
    expect(sampleValue(samples, 'http_seconds_sum', ok)).toBeCloseTo(5.055);
    expect(sampleValue(samples, 'http_seconds_count', { method: 'POST', status_code: '201' })).toBe(1);
    expect(sampleValue(samples, 'http_seconds_count', { method: 'GET', status_code: '404' })).toBe(1);
    expect(samples.filter((s) => s.name === 'http_seconds_count')).toHaveLength(3);
  });
});
