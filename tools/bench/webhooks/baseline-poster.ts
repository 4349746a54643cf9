import { Agent, request } from 'node:http';

/**
 * The baselines' HTTP side (baseline-process.ts, durable-baseline-process.ts): one POST of an
 * event's JSON to a receiver path, `webhook-id` = the event id, over a keep-alive agent; failures are
 * counted, never thrown (the baselines do not retry; the bench checks what arrived).
 */
export class BaselinePoster {
  failures = 0;
  lastFailure = '';
  private readonly agent: Agent;

  constructor(
    private readonly receiver: URL,
    maxSockets: number,
  ) {
    this.agent = new Agent({ keepAlive: true, maxSockets });
  }

  /** Resolves with the answer's status (0 when the request failed). */
  post(path: string, id: string, body: Buffer | string): Promise<number> {
    return new Promise((resolve) => {
      const call = request(
        {
          agent: this.agent,
          host: this.receiver.hostname,
          port: this.receiver.port,
          method: 'POST',
          path,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'webhook-id': id },
        },
        (response) => {
          const status = response.statusCode ?? 0;
          if (status !== 200) this.failed(`HTTP ${status}`);
          response.resume();
          response.on('end', () => resolve(status));
        },
      );
      call.on('error', (error) => {
        this.failed(error.message);
        resolve(0);
      });
      call.end(body);
    });
  }

  private failed(reason: string): void {
    this.failures++;
    this.lastFailure = reason;
  }
}

/** The receiver path of a Kafka message's event, or undefined when the baselines leave it (not a delivered message of a bench company). */
export function baselinePathOf(
  value: Buffer | null,
  paths: Readonly<Record<string, string>>,
): { id: string; path: string; body: Buffer } | undefined {
  if (!value) return undefined;
  const event = JSON.parse(value.toString('utf8')) as { id: string; type: string; company_id: string | null };
  const path = event.company_id === null ? undefined : paths[event.company_id];
  if (event.type !== 'message.delivered' || !path) return undefined;
  return { id: event.id, path, body: value };
}
