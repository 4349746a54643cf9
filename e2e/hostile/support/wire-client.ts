import http from 'node:http';
import type { WireAnswer } from './error-shapes';

/**
 * Sends requests exactly as given — malformed percent-encoding, NUL escapes, bodies that are
 * not JSON — over a small pool of keep-alive connections to 127.0.0.1. fetch() would normalise
 * or refuse some of them before they left.
 */
export class WireClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

  send(
    base: string,
    request: { method: string; url: string; headers: Record<string, string>; body?: string },
    timeoutMs = 20_000,
  ): Promise<WireAnswer> {
    const { hostname, port } = new URL(base);
    return new Promise((resolve, reject) => {
      const outgoing = http.request(
        {
          host: hostname,
          port: Number(port),
          method: request.method,
          path: request.url,
          headers: request.headers,
          agent: this.agent,
          timeout: timeoutMs,
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size <= 65_536) chunks.push(chunk);
          });
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              contentType: String(response.headers['content-type'] ?? ''),
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          response.on('error', reject);
        },
      );
      outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      outgoing.on('error', reject);
      outgoing.end(request.body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
