import { CompanyScopedRepository } from '@suite/database';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { JobHandler, JobsRuntime, type JobQueue } from '@suite/jobs';
import { CLOCK, type Clock } from '@suite/time';
import { normalizePhone } from '@suite/http';
import { VoiceEnvironment } from '../../provider/voice-environment';
import type { SandboxCallChannel } from '../../provider/sandbox/sandbox-voice-provider';
import { SignedVoiceCallbacks } from '../../provider/signed-voice-callbacks';
import { voiceCallbackSecretOf } from '../../provider/voice-callback-secret';
import { VOICE_CALLBACK_SINK, type VoiceCallbackResult, type VoiceCallbackSink } from '../../provider/voice-callback-sink';
import { CallRejectedError } from '../../provider/voice-errors';
import type { PlaceCallRequest, VoiceCallback, VoiceCallbackHeaders } from '../../provider/voice-provider.port';
import { CallEntity } from '../call.entity';
import {
  callbacksOf,
  SANDBOX_CALL_STEP_QUEUE,
  sandboxCallStepJobId,
  sandboxCallStepQueue,
  type SandboxCallStepJob,
} from './sandbox-call-step.queue';

export const SANDBOX_PROVIDER_NAME = 'sandbox';

/** PostgreSQL's unique_violation: the call's first step was enqueued by a concurrent place(). */
const UNIQUE_VIOLATION = '23505';

/**
 * The sandbox's calling half (SANDBOX_CALL_CHANNEL): a placed call becomes durable jobs that post
 * its scripted callbacks (sandbox-call-outcomes.ts, by the called number's last digit), signed
 * with the voice callback secret, through the in-process sink — the same verification and
 * handling as the HTTP callback route — PLATFORM_SANDBOX_CALL_STEP_MS apart.
 */
@Injectable()
export class SandboxCalls implements SandboxCallChannel {
  private signedCallbacks: SignedVoiceCallbacks | undefined;
  private readonly stepMs: number;

  constructor(
    private readonly dataSource: DataSource,
    private readonly jobs: JobsRuntime,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(VOICE_CALLBACK_SINK) private readonly sink: VoiceCallbackSink,
    private readonly env: VoiceEnvironment,
  ) {
    this.stepMs = env.PLATFORM_SANDBOX_CALL_STEP_MS;
  }

  /** Made on first use: with another provider active the sandbox never signs, and needs no secret. */
  private get signed(): SignedVoiceCallbacks {
    this.signedCallbacks ??= new SignedVoiceCallbacks(voiceCallbackSecretOf(this.env), () => this.clock.now());
    return this.signedCallbacks;
  }

  @JobHandler(SANDBOX_CALL_STEP_QUEUE)
  stepQueue(): JobQueue<SandboxCallStepJob, void> {
    return sandboxCallStepQueue(this.jobs, this.stepMs, (job) => this.postStep(job));
  }

  /**
   * Enqueues the call's first step (its `started`, due now). Placing the same call id again
   * enqueues nothing: its row exists once the first step ran, and until then the first step's
   * job, whose id is derived from the call id, does.
   */
  async place(request: PlaceCallRequest, callId: string): Promise<void> {
    const to = normalizePhone(request.to);
    if (to === null || to !== request.to)
      throw new CallRejectedError('invalid_number', `${request.to} is not a callable E.164 number`);
    const job: SandboxCallStepJob = {
      call_id: callId,
      direction: 'outbound',
      from: request.from,
      to,
      context: request.context,
      started_at: this.clock.now().toISOString(),
      step: 0,
    };
    try {
      await this.dataSource.transaction(async (manager) => {
        const known = await CompanyScopedRepository.of(manager, CallEntity, request.context.companyId).exists({
          where: { provider: SANDBOX_PROVIDER_NAME, callId },
        });
        if (known) return;
        await this.jobs.enqueue(manager, { queue: SANDBOX_CALL_STEP_QUEUE, id: sandboxCallStepJobId(callId, 0), payload: job });
      });
    } catch (error) {
      if ((error as { code?: unknown }).code !== UNIQUE_VIOLATION) throw error;
    }
  }

  read(headers: VoiceCallbackHeaders, rawBody: Buffer): VoiceCallback[] {
    return this.signed.read(headers, rawBody);
  }

  /** A whole scripted call at once, through the same signed path (POST /api/sandbox/calls). */
  runWhole(callbacks: readonly VoiceCallback[]): Promise<VoiceCallbackResult[]> {
    const { headers, rawBody } = this.signed.write(callbacks);
    return this.sink.submit(SANDBOX_PROVIDER_NAME, headers, rawBody);
  }

  private async postStep(job: SandboxCallStepJob): Promise<void> {
    const callback = callbacksOf(job)[job.step];
    if (!callback) return;
    const { headers, rawBody } = this.signed.write([callback]);
    await this.sink.submit(SANDBOX_PROVIDER_NAME, headers, rawBody);
  }
}
