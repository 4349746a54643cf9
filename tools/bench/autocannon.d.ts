// autocannon ships no types; the part of its API that the benches use.
declare module 'autocannon' {
  namespace autocannon {
    interface AutocannonRequest {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      /** Called before every request of this entry; returns the request to send. */
      setupRequest?: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
      onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
    }
    interface AutocannonOptions {
      url: string;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      connections?: number;
      duration?: number;
      amount?: number;
      timeout?: number;
      /** Requests per second across all connections (open-loop, latencies corrected for coordinated omission). */
      overallRate?: number;
      requests?: AutocannonRequest[];
    }
    interface Histogram {
      p50: number;
      p90: number;
      p99: number;
      average: number;
      total: number;
      max: number;
    }
    interface AutocannonResult {
      latency: Histogram;
      requests: Histogram;
      /** Seconds. */
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
      '2xx': number;
      '4xx': number;
      statusCodeStats?: Record<string, { count: number }>;
    }
  }
  function autocannon(options: autocannon.AutocannonOptions): Promise<autocannon.AutocannonResult>;
  export = autocannon;
}
