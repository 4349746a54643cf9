import type { WebhookStatus } from '@suite/contracts';
import type { WebhookResult } from '../sending/send-webhook';

/**
 * What an attempt's answer means for its delivery (issue 14). Pure: the caller passes the answer,
 * the attempt's number and the schedule.
 * - 2xx: delivered (a `failed` webhook becomes `active` again);
 * - 410 Gone: the endpoint is gone: the delivery fails, the webhook is disabled, no retry;
 * - anything else (3xx, 4xx, 5xx, no answer): a failure, retried after the schedule's delay — or
 *   after Retry-After of a 429/503 when that is later — until the last attempt, which fails the
 *   delivery and the webhook.
 */
export type AttemptOutcome =
  | { readonly kind: 'delivered' }
  | { readonly kind: 'retry'; readonly delayMs: number; readonly error: string }
  | { readonly kind: 'failed'; readonly gone: boolean; readonly error: string };

export type AttemptAnswer = Pick<WebhookResult, 'statusCode' | 'error' | 'retryAfterMs'>;

/** `delaysMs[i]` is the wait after attempt i + 1; attempts = delays + 1. */
export function attemptOutcome(answer: AttemptAnswer, attempt: number, delaysMs: readonly number[]): AttemptOutcome {
  const status = answer.statusCode;
  if (status !== null && status >= 200 && status < 300) return { kind: 'delivered' };
  const error = attemptError(answer);
  if (status === 410) return { kind: 'failed', gone: true, error };
  if (attempt > delaysMs.length) return { kind: 'failed', gone: false, error };
  const scheduled = delaysMs[attempt - 1]!;
  const asked = status === 429 || status === 503 ? (answer.retryAfterMs ?? 0) : 0;
  return { kind: 'retry', delayMs: Math.max(scheduled, asked), error };
}

/** An attempt's failure in words: `HTTP 500`, `HTTP 302 (redirects are failures)`, the sender's error. */
export function attemptError(answer: AttemptAnswer): string {
  const status = answer.statusCode;
  if (status === null) return answer.error ?? 'no response';
  if (status >= 300 && status < 400) return `HTTP ${status} (redirects are failures)`;
  return `HTTP ${status}`;
}

/** The webhook's new status after an attempt, or null when it keeps its own. */
export function statusChange(current: WebhookStatus, outcome: AttemptOutcome): { status: WebhookStatus; reason: string } | null {
  if (outcome.kind === 'delivered') return current === 'failed' ? { status: 'active', reason: 'delivery_succeeded' } : null;
  if (outcome.kind === 'retry' || current === 'disabled') return null;
  if (outcome.gone) return { status: 'disabled', reason: 'endpoint_gone' };
  return current === 'active' ? { status: 'failed', reason: 'delivery_failed' } : null;
}
