import { createHash } from 'node:crypto';
import type { EventMap } from '@suite/contracts';
import { newEvent, type NewEvent } from '@suite/eventing';

/** The idempotency key of a step that asks another app to act: one per (run, step). */
export const stepIdempotencyKey = (runId: string, step: number): string => `wf:${runId}:${step}`;

/**
 * What every request a step makes of messaging carries (`workflow_step.*_requested`): the event's
 * company and subject (the run), and the payload's run, step and the key that makes it happen once.
 */
export function stepRequest(run: { id: string; companyId: string; workflowId: string }, step: number) {
  const key = stepIdempotencyKey(run.id, step);
  return {
    key,
    event: { companyId: run.companyId, subject: run.id },
    data: { company_id: run.companyId, workflow_id: run.workflowId, run_id: run.id, step, idempotency_key: key },
  };
}

type StepRequest = ReturnType<typeof stepRequest>;
type StepRequestType = 'workflow_step.sms_requested' | 'workflow_step.email_requested';

/** The request event of a step: the request's company, subject and payload, then what this request asks for. */
export function stepRequestEvent<T extends StepRequestType>(
  type: T,
  request: StepRequest,
  data: Omit<EventMap[T], keyof StepRequest['data']>,
): NewEvent<T> {
  return newEvent(type, { ...request.event, data: { ...request.data, ...data } as EventMap[T] });
}

/**
 * The id messaging gives the text a step asks for: a UUID derived from the step's key (name-based,
 * RFC 9562 §5.5 layout over SHA-256), so the run's log names the message before messaging has
 * queued it, and a second request with the same key cannot make a second message.
 */
export function messageIdForKey(key: string): string {
  const bytes = createHash('sha256').update(`workflow-message:${key}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80; // version 8: custom, name-based
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
