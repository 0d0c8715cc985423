// The part of autocannon 9 this benchmark reads (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    headers?: Record<string, string>;
    connections?: number;
    duration?: number;
    method?: string;
    body?: string;
    /** Stop after this many requests (instead of after `duration`). */
    amount?: number;
  }
  interface Histogram {
    average: number;
    total: number;
    p50: number;
    p99: number;
  }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    non2xx: number;
    errors: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
