import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { CompanyScopedRepository, crossCompanyRepository } from '@suite/database';
import { CLOCK, type Clock } from '@suite/time';
import { CarrierOutcomeUnknownError, CarrierRejectedError, CarrierUnavailableError } from '../carrier/carrier-errors';
import {
  CARRIER,
  type Carrier,
  type CarrierChannel,
  type CarrierSendResult,
  type PhoneCapability,
} from '../carrier/carrier.port';
import { PROVIDER_PACING } from '../carrier/provider-pacing';
import { ContactEntity } from '../contacts/contact.entity';
import { carrierIdsTakenNear, openHandOffs, settleHandOffs } from '../hand-offs/hand-off-records';
import { MessageHandOffEntity } from '../hand-offs/message-hand-off.entity';
import { MessageEventsWriter } from '../messages/message-events.writer';
import { changeStatusAndAnnounce } from '../messages/message-status-change';
import { MessageEntity, MESSAGES_TABLE } from '../messages/message.entity';
import { carrierSendRequest } from '../release-scheduler/carrier-send-request';
import { withCarrierTimeout } from '../release-scheduler/carrier-timeout';
import { CarrierOptOuts } from '../release-scheduler/carrier-opt-outs';
import { countSent, recordLastOutbound, storeCapabilities } from '../release-scheduler/hand-off-writes';
import { PaceGate } from '../release-scheduler/pace-gate';
import { RELEASE_SCHEDULER_OPTIONS, type ReleaseSchedulerOptions } from '../release-scheduler/release-scheduler.options';
import { chooseChannel } from '../send-rules/channel-choice';
import { SenderPinningService } from '../sender-numbers/sender-pinning.service';
import { WorkspaceSettingsService } from '../workspace-settings/workspace-settings.service';
import type { SmsFallbackJob } from './sms-fallback.job';

/** What one run decided, once its transaction committed. */
type RunOutcome =
  | { readonly kind: 'done' }
  /** The provider could not take it or say what became of it: the job runs again (its retry schedule). */
  | { readonly kind: 'retry'; readonly error: Error }
  /** Refused by the provider because the person unsubscribed there: the contact is opted out after the commit. */
  | { readonly kind: 'opted_out'; readonly companyId: string; readonly phone: string; readonly code: string };

/** A phone that took iMessage is a mobile: when no lookup answers, text reaches it. */
const MOBILE: PhoneCapability = { imessage: false, sms: true, mms: true };

/**
 * The one SMS resend of an iMessage its provider reported undelivered (Sendblue's ERROR with
 * `sendblue+twilio`: docs/decisions/0038, "SMS resend"). A run refreshes the contact's capability
 * (the carrier's lookup — Sendblue, else Twilio Lookup — stored without iMessage: the provider just
 * proved it does not reach), then, holding the message's row lock as a hand-off does (a receipt that
 * overtakes the commit waits for it), checks that nothing went yet — an attempt of an earlier run
 * whose answer was lost is looked up at the provider first, never sent blindly — and sends it once,
 * as the spec's "text otherwise" chooses (SMS, MMS for attachments), from the conversation's number
 * of that provider (re-pinned: `channel_changed`), at that number's pace. The message stays `sent`
 * throughout; accepted, it carries the new provider id, channel and number, and the receipt of the
 * resend gives its verdict. Refused, or never through after the job's runs, it is `failed`.
 */
@Injectable()
export class SmsFallbackService {
  private readonly logger = new Logger('SmsFallback');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CARRIER) private readonly carrier: Carrier,
    @Inject(RELEASE_SCHEDULER_OPTIONS) private readonly options: ReleaseSchedulerOptions,
    private readonly events: MessageEventsWriter,
    private readonly paceGate: PaceGate,
    private readonly pinning: SenderPinningService,
    private readonly workspaceSettings: WorkspaceSettingsService,
    private readonly carrierOptOuts: CarrierOptOuts,
  ) {}

  async resend(job: SmsFallbackJob): Promise<void> {
    const message = await crossCompanyRepository(this.dataSource, MessageEntity).findOneBy({ id: job.messageId });
    if (!message || message.status !== 'sent') return;
    const capability = await this.refreshedCapability(message);
    const outcome = await this.dataSource.transaction((manager) => this.run(manager, job, capability));
    if (outcome.kind === 'opted_out') await this.carrierOptOuts.optOut(outcome.companyId, outcome.phone, outcome.code);
    if (outcome.kind === 'retry') throw outcome.error;
  }

  /** Out of runs: the message fails with why, unless something settled it meanwhile. */
  async giveUp(manager: EntityManager, job: SmsFallbackJob, error: string): Promise<void> {
    const row = await this.lockedMessage(manager, job.messageId);
    const attempt = row && (await this.attemptOf(manager, row, job));
    if (!row || row.status !== 'sent' || !attempt || row.carrierMessageId !== attempt.carrierMessageId) return;
    this.logger.warn(`message ${row.id}: the SMS resend did not get through: ${error}`);
    await this.fail(manager, row, attempt, `the SMS resend did not get through (${error})`);
  }

  private async run(manager: EntityManager, job: SmsFallbackJob, capability: PhoneCapability): Promise<RunOutcome> {
    const row = await this.lockedMessage(manager, job.messageId);
    const attempt = row && (await this.attemptOf(manager, row, job));
    // Delivered, failed, or already carrying the resend's provider id (an earlier run): nothing to do.
    if (!row || row.status !== 'sent' || !attempt || row.carrierMessageId !== attempt.carrierMessageId) return { kind: 'done' };
    const earlier = await this.lostResend(manager, row, attempt);
    if (earlier) return earlier;

    const channel = chooseChannel({ ...capability, imessage: false }, row.attachments.length > 0);
    if (channel === 'no_channel') return this.fail(manager, row, attempt, 'nothing but iMessage reaches this number');
    const contact = await CompanyScopedRepository.of(manager, ContactEntity, row.companyId).findOne({
      where: { phone: row.contactPhone },
      lock: { mode: 'pessimistic_write' },
    });
    if (!contact || (contact.optedOut && !row.bypassOptOut)) return this.fail(manager, row, attempt, 'the contact opted out');
    const route = this.carrier.route(channel);
    const number =
      route.senderProvider === null
        ? row.fromNumber
        : await this.pinning.numberOfProvider(manager, row.companyId, row.contactPhone, route.senderProvider);
    if (!number) return this.fail(manager, row, attempt, `the workspace has no active ${route.senderProvider} number`);
    if (contact.pinnedFromNumber !== number) await this.pinning.pin(manager, contact, number, 'channel_changed');

    const settings = await this.workspaceSettings.effective(manager, row.companyId);
    const limits = route.senderProvider ? PROVIDER_PACING[route.senderProvider] : PROVIDER_PACING.sandbox;
    const [turn] = await this.paceGate.turns(manager, [
      { number, perSecondRate: Math.min(settings.perSecondRate, limits.maxPerSecondRate) },
    ]);
    if (turn!.kind === 'later')
      return { kind: 'retry', error: new CarrierUnavailableError(`${number} is not free before ${turn!.until.toISOString()}`) };

    const request = carrierSendRequest(row, channel, number);
    // Committed before the request leaves: a crash from here on leaves it `in_flight`, looked up by the next run.
    const [handOffId] = await openHandOffs(this.dataSource, [
      {
        messageId: row.id,
        companyId: row.companyId,
        kind: 'sms_fallback',
        provider: route.provider,
        channel,
        fromNumber: number,
        startedAt: this.clock.now(),
      },
    ]);
    const at = await this.paceGate.await(turn!);
    let answer: { accepted: CarrierSendResult } | { error: unknown };
    try {
      answer = {
        accepted: await withCarrierTimeout(this.carrier.send(request), this.options.carrierTimeoutMs, `SMS resend of ${row.id}`),
      };
    } catch (error) {
      answer = { error };
    }
    await this.paceGate.handedOver(manager, [{ number, at }]);
    const settledAt = this.clock.now();
    if ('accepted' in answer) {
      const { carrierMessageId } = answer.accepted;
      await settleHandOffs(manager, [{ id: handOffId!, outcome: 'accepted', carrierMessageId, detail: null, at: settledAt }]);
      await this.recordResend(manager, row, channel, number, answer.accepted, at);
      this.logger.log(
        `message ${row.id}: not delivered as iMessage; resent by ${channel} through ${route.provider} (${carrierMessageId})`,
      );
      return { kind: 'done' };
    }
    const { error } = answer;
    if (error instanceof CarrierRejectedError) {
      const detail = `${error.code}: ${error.message}`;
      await settleHandOffs(manager, [{ id: handOffId!, outcome: 'rejected', carrierMessageId: null, detail, at: settledAt }]);
      await this.fail(manager, row, attempt, `the SMS resend was refused (${detail})`);
      return error.optedOut
        ? { kind: 'opted_out', companyId: row.companyId, phone: row.contactPhone, code: error.code }
        : { kind: 'done' };
    }
    const outcome = error instanceof CarrierOutcomeUnknownError ? 'unknown' : 'unavailable';
    await settleHandOffs(manager, [{ id: handOffId!, outcome, carrierMessageId: null, detail: describe(error), at: settledAt }]);
    return { kind: 'retry', error: error instanceof Error ? error : new Error(String(error)) };
  }

  /**
   * A resend an earlier run started but never settled (it died) or whose answer was lost: looked up
   * at its provider before anything else. Found → adopted (done); positively not there → settled
   * `not_found`, and this run may send (null); the provider cannot say → the job runs again later.
   */
  private async lostResend(
    manager: EntityManager,
    row: MessageEntity,
    attempt: MessageHandOffEntity,
  ): Promise<RunOutcome | null> {
    const resends = await CompanyScopedRepository.of(manager, MessageHandOffEntity, row.companyId).find({
      where: { messageId: row.id, kind: 'sms_fallback' },
      order: { startedAt: 'ASC', id: 'ASC' },
    });
    // One that went (or was refused for good) already decided the message; a run never sends a second.
    if (resends.some((resend) => ['accepted', 'found', 'rejected'].includes(resend.outcome))) return { kind: 'done' };
    for (const resend of resends.filter((candidate) => candidate.outcome === 'in_flight' || candidate.outcome === 'unknown')) {
      const channel = resend.channel as CarrierChannel;
      let found: CarrierSendResult | null;
      try {
        const taken = await carrierIdsTakenNear(manager, row, resend.startedAt);
        taken.add(attempt.carrierMessageId ?? '');
        found = await withCarrierTimeout(
          this.carrier.findHandOff(
            carrierSendRequest(row, channel, resend.fromNumber),
            this.carrier.route(channel),
            resend.startedAt,
            taken,
          ),
          this.options.carrierTimeoutMs,
          `lookup of SMS resend ${resend.id}`,
        );
      } catch (error) {
        return { kind: 'retry', error: new CarrierUnavailableError(`a lost SMS resend was not looked up: ${describe(error)}`) };
      }
      const at = this.clock.now();
      if (!found) {
        const detail = `${resend.provider} has no such message`;
        await settleHandOffs(manager, [{ id: resend.id, outcome: 'not_found', carrierMessageId: null, detail, at }]);
        continue;
      }
      await settleHandOffs(manager, [
        { id: resend.id, outcome: 'found', carrierMessageId: found.carrierMessageId, detail: null, at },
      ]);
      await this.recordResend(manager, row, channel, resend.fromNumber, found, resend.startedAt);
      this.logger.warn(`message ${row.id}: a lost SMS resend was found (${found.carrierMessageId}); not sent again`);
      return { kind: 'done' };
    }
    return null;
  }

  /** The message now travels as the resend: its provider id (receipts match it), channel, number and carrier time. */
  private async recordResend(
    manager: EntityManager,
    row: MessageEntity,
    channel: CarrierChannel,
    number: string,
    result: CarrierSendResult,
    at: Date,
  ): Promise<void> {
    await CompanyScopedRepository.of(manager, MessageEntity, row.companyId).update(
      { id: row.id, status: 'sent' },
      { carrierMessageId: result.carrierMessageId, channel, fromNumber: number, carrierTs: result.acceptedAt },
    );
    await recordLastOutbound(manager, [{ companyId: row.companyId, contactPhone: row.contactPhone, at }]);
    await countSent(manager, [{ number, at }]);
    await this.carrier.recordAccepted?.(manager, [{ request: carrierSendRequest(row, channel, number), result }]);
  }

  /** `sent` → `failed` (message.failed): the provider's word on the iMessage, and why no SMS went instead. */
  private async fail(
    manager: EntityManager,
    row: MessageEntity,
    attempt: MessageHandOffEntity,
    why: string,
  ): Promise<RunOutcome> {
    const reason = `${attempt.detail ?? 'not delivered as iMessage'}; ${why}`.slice(0, 255);
    await changeStatusAndAnnounce(manager, this.events, {
      table: MESSAGES_TABLE,
      id: row.id,
      event: 'fail_delivery',
      set: { failure_reason: reason, carrier_ts: this.clock.now() },
    });
    return { kind: 'done' };
  }

  /**
   * The contact's capability asked again (the carrier's lookup: Sendblue, else Twilio Lookup) and
   * stored without iMessage, which its provider just failed to deliver; when nobody answers, the
   * phone took iMessage, so it is a mobile and text reaches it (not stored).
   */
  private async refreshedCapability(message: MessageEntity): Promise<PhoneCapability> {
    try {
      const looked = await withCarrierTimeout(
        this.carrier.lookupCapability(message.contactPhone),
        this.options.carrierTimeoutMs,
        `capability lookup of ${message.contactPhone}`,
      );
      const capability = { ...looked, imessage: false };
      await storeCapabilities(
        this.dataSource,
        [{ companyId: message.companyId, contactPhone: message.contactPhone, capability }],
        this.clock.now(),
      );
      return capability;
    } catch (error) {
      this.logger.warn(`message ${message.id}: capability not refreshed (${describe(error)}); resending by text`);
      return MOBILE;
    }
  }

  /**
   * The job's message, locked. Found by its id alone: the job names the message, not its company
   * (a receipt enqueued it); everything after goes through the message's company.
   */
  private async lockedMessage(manager: EntityManager, id: string): Promise<MessageEntity | null> {
    return crossCompanyRepository(manager, MessageEntity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** The hand-off the provider reported undelivered: an attempt of the message, so of its company. */
  private attemptOf(manager: EntityManager, row: MessageEntity, job: SmsFallbackJob): Promise<MessageHandOffEntity | null> {
    return CompanyScopedRepository.of(manager, MessageHandOffEntity, row.companyId).findOneBy({ id: job.attemptId });
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
