import type { TargetGuard } from '../targets/target-guard';
import { sendWebhook, type WebhookResult } from './send-webhook';

export interface WebhookAttempt {
  url: string;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * One attempt at a target: the guard checks it again (a name may have turned private since the
 * subscription was created) and the request goes to the address it checked. A refused target is a
 * failed attempt whose error is the guard's reason; no connection is made.
 */
export class WebhookSender {
  constructor(
    private readonly guard: TargetGuard,
    private readonly timeoutMs: number,
  ) {}

  async send(attempt: WebhookAttempt): Promise<WebhookResult> {
    const started = performance.now();
    const target = await this.guard.check(attempt.url);
    if (!target.ok) {
      return {
        statusCode: null,
        durationMs: Math.round(performance.now() - started),
        responseBody: '',
        error: `target refused: ${target.reason}`,
        retryAfterMs: null,
      };
    }
    return sendWebhook({
      url: target.url,
      pinnedAddress: target.pinned.address,
      headers: attempt.headers,
      body: attempt.body,
      timeoutMs: this.timeoutMs,
    });
  }
}
