import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { CallDirection } from '@suite/contracts';
import { defineJob, type ClaimedJob, type JobQueue, type JobsRuntime } from '@suite/jobs';
import { sandboxCallScript } from '../../provider/sandbox/sandbox-call-outcomes';
import type { CallContext, VoiceCallback } from '../../provider/voice-provider.port';
import { sandboxCallCallbacks } from './sandbox-call-plan';

export const SANDBOX_CALL_STEP_QUEUE = defineJob<SandboxCallStepJob>('voice.sandbox-call-step', { app: 'platform' });

/** One step of a placed sandbox call: the call (small, it is the whole simulation's state) and which callback to post. */
export interface SandboxCallStepJob {
  call_id: string;
  direction: CallDirection;
  from: string;
  to: string;
  context: CallContext;
  /** ISO: when the call was placed (its `started` time). */
  started_at: string;
  /** Index into sandboxCallCallbacks(…). */
  step: number;
}

/** Posts one signed callback (through the in-process sink); the queue's owner supplies it. */
export type PostSandboxCallback = (job: SandboxCallStepJob) => Promise<void>;

/**
 * Deterministic job ids: the same call's steps always get the same ids, so placing a call twice
 * cannot enqueue its steps twice (the second insert conflicts).
 */
export function sandboxCallStepJobId(callId: string, step: number): string {
  const hex = createHash('sha256').update(`sandbox-call:${callId}:${step}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The callbacks of a job's call, in order: the sandbox's plan of it under the called number's script. */
export function callbacksOf(job: SandboxCallStepJob): VoiceCallback[] {
  return sandboxCallCallbacks(
    {
      callId: job.call_id,
      direction: job.direction,
      from: job.from,
      to: job.to,
      context: job.context,
      startedAt: new Date(job.started_at),
    },
    sandboxCallScript(job.to),
  );
}

export function stepsOf(job: SandboxCallStepJob): number {
  return callbacksOf(job).length;
}

/**
 * The sandbox's simulated calls as durable jobs: a run posts its step's callback, and the
 * transaction that settles it enqueues the next step `stepMs` later — so a call goes on where it
 * stood after a restart, and its steps never overtake each other. Posting is idempotent (a
 * repeated callback is a `duplicate`), so a run retried after a lost lease is harmless.
 */
export function sandboxCallStepQueue(
  jobs: JobsRuntime,
  stepMs: number,
  post: PostSandboxCallback,
): JobQueue<SandboxCallStepJob, void> {
  return {
    name: SANDBOX_CALL_STEP_QUEUE,
    concurrency: 4,
    leaseMs: 60_000,
    timeoutMs: 20_000,
    // A next step is due `stepMs` after its enqueue (its NOTIFY comes at once): a short poll finds it on time.
    pollMs: 500,
    stopGraceMs: 5_000,
    retry: { kind: 'exponential', maxAttempts: 8, backoff: { baseMs: 500, maxMs: 30_000 } },
    async handle(job: ClaimedJob<SandboxCallStepJob>): Promise<void> {
      await post(job.payload);
    },
    async succeeded(manager: EntityManager, job: ClaimedJob<SandboxCallStepJob>): Promise<void> {
      const next = job.payload.step + 1;
      if (next >= stepsOf(job.payload)) return;
      await jobs.enqueue(manager, {
        queue: SANDBOX_CALL_STEP_QUEUE,
        id: sandboxCallStepJobId(job.payload.call_id, next),
        payload: { ...job.payload, step: next },
        runAt: new Date(Date.now() + stepMs),
      });
    },
  };
}
