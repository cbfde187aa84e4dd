import type { Metric, MetricObjectWithValues, MetricType, MetricValueWithName, Registry } from 'prom-client';

interface Series {
  labels: Record<string, string>;
  /** Per bucket (not cumulative); the count and sum over all. */
  buckets: Float64Array;
  count: number;
  sum: number;
}

/**
 * The request histogram (by route pattern, method and status code), made for the hot path: two Map
 * lookups and a few additions per answer. prom-client's own Histogram validates and hashes the labels
 * on every observe (about a microsecond a request under load); this one builds a series once and hands
 * prom-client the totals when /metrics is scraped, in the same text format.
 */
export class RequestHistogram {
  // prom-client's typings declare a numeric enum; its registry prints this string as the TYPE line.
  readonly type = 'histogram' as unknown as MetricType;
  /** route → status code (GET) or `${statusCode} ${method}` → series. */
  private readonly byRoute = new Map<string, Map<number | string, Series>>();

  constructor(
    readonly name: string,
    private readonly help: string,
    private readonly upperBounds: readonly number[],
    registry: Registry,
  ) {
    // prom-client's registry only calls get() (and reset()) of what it holds.
    registry.registerMetric(this as unknown as Metric);
  }

  observe(method: string, route: string, statusCode: number, seconds: number): void {
    let byAnswer = this.byRoute.get(route);
    if (!byAnswer) {
      byAnswer = new Map();
      this.byRoute.set(route, byAnswer);
    }
    const key = method === 'GET' ? statusCode : `${statusCode} ${method}`;
    let series = byAnswer.get(key);
    if (!series) {
      const labels = { method, route, status_code: String(statusCode) };
      series = { labels, buckets: new Float64Array(this.upperBounds.length), count: 0, sum: 0 };
      byAnswer.set(key, series);
    }
    const bounds = this.upperBounds;
    for (let i = 0; i < bounds.length; i++) {
      if (seconds <= bounds[i]!) {
        series.buckets[i]!++;
        break;
      }
    }
    series.count++;
    series.sum += seconds;
  }

  get(): Promise<MetricObjectWithValues<MetricValueWithName<string>>> {
    const values: MetricValueWithName<string>[] = [];
    for (const byAnswer of this.byRoute.values()) {
      for (const series of byAnswer.values()) {
        let cumulative = 0;
        this.upperBounds.forEach((le, i) => {
          cumulative += series.buckets[i]!;
          values.push({ metricName: `${this.name}_bucket`, labels: { le, ...series.labels }, value: cumulative });
        });
        values.push({ metricName: `${this.name}_bucket`, labels: { le: '+Inf', ...series.labels }, value: series.count });
        values.push({ metricName: `${this.name}_sum`, labels: series.labels, value: series.sum });
        values.push({ metricName: `${this.name}_count`, labels: series.labels, value: series.count });
      }
    }
    return Promise.resolve({ name: this.name, help: this.help, type: this.type, values, aggregator: 'sum', collect: () => undefined });
  }

  reset(): void {
    this.byRoute.clear();
  }
}
