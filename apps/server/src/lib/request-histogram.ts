import type { Registry } from 'prom-client';

type Labels = Record<string, string | number>;

interface Series {
  labels: Labels;
  /** Observations per bucket (not cumulative); the last one is above every bound (+Inf). */
  counts: number[];
  sum: number;
  count: number;
}

/**
 * The request-duration histogram, counted by the request (ADR 0073): prom-client's Histogram validates its labels
 * and hashes their sorted names and values on every observation, about 2 % of a light call's CPU; here a request
 * adds to its series found by one string key, and the buckets are written out as prom-client's would be at scrape,
 * through the same registry (it only asks a metric for `get()`).
 */
export class RequestHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  readonly #series = new Map<string, Series>();

  constructor(
    readonly name: string,
    readonly help: string,
    readonly buckets: readonly number[],
    registry: Registry,
  ) {
    registry.registerMetric(this as never);
  }

  /** One request: its method, route pattern and status, and how long it took in seconds. */
  observe(method: string, route: string, status: number, seconds: number): void {
    this.#add(this.#seriesOf(method, route, status), seconds);
  }

  /**
   * The requests of one method, route and status, counted without looking their series up each time: for a caller
   * that knows them before the request comes (the answers written from memory, ADR 0080). It stays valid after reset().
   */
  recorder(method: string, route: string, status: number): (seconds: number) => void {
    const s = this.#seriesOf(method, route, status);
    return (seconds) => this.#add(s, seconds);
  }

  /** Zeroes every series: none is written until it counts a request again (recorders keep their series). */
  reset(): void {
    for (const s of this.#series.values()) {
      s.counts.fill(0);
      s.sum = 0;
      s.count = 0;
    }
  }

  #seriesOf(method: string, route: string, status: number): Series {
    const key = `${method} ${status} ${route}`;
    let s = this.#series.get(key);
    if (!s) {
      s = {
        labels: { method, route, status_code: String(status) },
        counts: new Array<number>(this.buckets.length + 1).fill(0),
        sum: 0,
        count: 0,
      };
      this.#series.set(key, s);
    }
    return s;
  }

  #add(s: Series, seconds: number): void {
    let i = 0;
    while (i < this.buckets.length && seconds > this.buckets[i]!) i++;
    s.counts[i]!++;
    s.sum += seconds;
    s.count++;
  }

  /** What prom-client's registry writes: cumulative buckets with `le`, then `_sum` and `_count`, per series. */
  get() {
    const values: { value: number; labels: Labels; metricName: string }[] = [];
    for (const s of this.#series.values()) {
      if (s.count === 0) continue;
      let acc = 0;
      this.buckets.forEach((le, i) => {
        acc += s.counts[i]!;
        values.push({ value: acc, labels: { le, ...s.labels }, metricName: `${this.name}_bucket` });
      });
      values.push({ value: s.count, labels: { le: '+Inf', ...s.labels }, metricName: `${this.name}_bucket` });
      values.push({ value: s.sum, labels: s.labels, metricName: `${this.name}_sum` });
      values.push({ value: s.count, labels: s.labels, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }
}
