import type { OnApplicationShutdown } from '@nestjs/common';
import type { TargetGuard } from '../targets/target-guard';
import { PinnedAgents } from './pinned-agents';
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
export class WebhookSender implements OnApplicationShutdown {
  private readonly agents: PinnedAgents;

  /** `idleConnectionsPerTarget`: idle kept-alive connections kept per target. */
  constructor(
    private readonly guard: TargetGuard,
    private readonly timeoutMs: number,
    idleConnectionsPerTarget: number,
  ) {
    this.agents = new PinnedAgents(idleConnectionsPerTarget);
  }

  onApplicationShutdown(): void {
    this.agents.destroy();
  }

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
      agent: this.agents.for(target.url, target.pinned.address),
      headers: attempt.headers,
      body: attempt.body,
      timeoutMs: this.timeoutMs,
    });
  }
}
