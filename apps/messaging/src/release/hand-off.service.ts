import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { applyStatusEvent } from '@suite/message-status';
import { CarrierRejectedError, CarrierUnavailableError } from '../carrier/carrier-errors';
import { isCapabilityFresh } from '../carrier/capability-cache';
import { CARRIER, type Carrier, type PhoneCapability } from '../carrier/carrier.port';
import { fromContactCapability, toContactCapability } from '../contacts/contact-capability';
import { ContactEntity } from '../contacts/contact.entity';
import { MessageEventsWriter } from '../messages/message-events.writer';
import { MessageEntity } from '../messages/message.entity';
import { bodyForChannel, chooseChannel, effectApplies } from '../scheduling/channel-choice';
import { pacingDay } from '../scheduling/pacing';
import { CLOCK, type Clock } from '../shared/clock';
import type { ClaimedMessage } from './claimed-message';
import { PaceGate } from './pace-gate';
import { MESSAGES_TABLE } from './release-claimer';
import { ReleaseMetrics } from './release-metrics';
import { retryDecision } from './release-rules';
import { changeStatusAndAnnounce } from './status-change';
import { RELEASE_SCHEDULER_OPTIONS, type ReleaseSchedulerOptions } from './release-scheduler.options';

/** failure_reason values the hand-off writes. */
export const HAND_OFF_REASONS = {
  noChannel: 'unreachable: nothing the carrier offers reaches this number (a landline?)',
  unavailable: 'carrier_unavailable: the carrier could not take the message after every attempt',
} as const;

class CarrierTimeoutError extends CarrierUnavailableError {}

/**
 * Step 2 of a tick (docs/decisions/0014), per claimed message, outside the claim transaction:
 * the capability (the contact's cache while fresh, else a carrier lookup BEFORE any row lock),
 * then one transaction that locks the message row, checks it is still this claim's `sending`
 * (a cancel may have won meanwhile), chooses the channel, waits for the number's turn at the
 * carrier (pace-gate.ts, which locks the number's hand-off marker AFTER the message row) and
 * calls carrier.send WHILE HOLDING THE LOCKS. A concurrent DELETE therefore waits and then sees `sent` (409), or it came first and
 * nothing is sent: a message is never both cancelled and handed over.
 */
@Injectable()
export class HandOffService {
  private readonly logger = new Logger('ReleaseScheduler');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CARRIER) private readonly carrier: Carrier,
    @Inject(RELEASE_SCHEDULER_OPTIONS) private readonly options: ReleaseSchedulerOptions,
    private readonly events: MessageEventsWriter,
    private readonly metrics: ReleaseMetrics,
    private readonly paceGate: PaceGate,
  ) {}

  async handOff(claimed: ClaimedMessage): Promise<void> {
    let capability: PhoneCapability;
    try {
      capability = await this.capabilityOf(claimed);
    } catch (error) {
      await this.dataSource.transaction(async (manager) => {
        if (await this.lockClaim(manager, claimed)) await this.retryOrFail(manager, claimed, error);
      });
      return;
    }
    await this.dataSource.transaction(async (manager) => {
      const row = await this.lockClaim(manager, claimed);
      if (!row) return;
      const channel = chooseChannel(capability, row.attachments.length > 0);
      if (channel === 'no_channel') {
        await changeStatusAndAnnounce(manager, this.events, { table: MESSAGES_TABLE, id: row.id, event: 'mark_no_channel', set: { failure_reason: HAND_OFF_REASONS.noChannel } });
        this.metrics.released('no_channel');
        return;
      }
      // Pacing holds at the carrier: wait for the number's turn (its marker row stays locked until commit).
      const turn = await this.paceGate.turn(manager, row.fromNumber!, claimed.perSecondRate);
      if (turn.kind === 'later') {
        await applyStatusEvent(manager, { table: MESSAGES_TABLE, id: row.id, event: 'requeue', set: { claimed_at: null, release_after: turn.until } });
        this.metrics.deferred('rate');
        return;
      }
      const handedOverAt = turn.at;
      let result;
      try {
        result = await this.withTimeout(
          this.carrier.send({
            messageId: row.id,
            from: row.fromNumber!,
            to: row.contactPhone,
            channel,
            body: bodyForChannel(channel, row.body, row.attachments),
            attachments: row.attachments,
            // Kept on the record whatever the channel; only iMessage has effects.
            effect: effectApplies(channel) ? row.effect : null,
          }),
          `carrier.send of ${row.id}`,
          // Whatever the answer, the carrier got a request: that is the number's last hand-off.
        ).finally(() => this.paceGate.handedOver(manager, row.fromNumber!, handedOverAt));
      } catch (error) {
        if (error instanceof CarrierRejectedError) {
          await changeStatusAndAnnounce(manager, this.events, {
            table: MESSAGES_TABLE,
            id: row.id,
            event: 'reject',
            set: { channel, handed_over_at: handedOverAt, failure_reason: `${error.code}: ${error.message}`.slice(0, 255) },
          });
          this.metrics.released('failed');
          return;
        }
        await this.retryOrFail(manager, claimed, error);
        return;
      }
      await changeStatusAndAnnounce(manager, this.events, {
        table: MESSAGES_TABLE,
        id: row.id,
        event: 'accept',
        set: { channel, handed_over_at: handedOverAt, sent_at: result.acceptedAt, carrier_ts: result.acceptedAt, carrier_message_id: result.carrierMessageId },
      });
      await manager.getRepository(ContactEntity).update({ companyId: row.companyId, phone: row.contactPhone }, { lastOutboundAt: handedOverAt });
      await manager.query(
        `INSERT INTO messaging.sender_number_days (number, day, new_contacts, sent) VALUES ($1, $2, 0, 1)
         ON CONFLICT (number, day) DO UPDATE SET sent = sender_number_days.sent + 1`,
        [row.fromNumber, pacingDay(handedOverAt)],
      );
      this.metrics.released('sent');
      this.metrics.handedOver(claimed.dueAt, handedOverAt);
    });
  }

  /** The contact's stored capability while fresh; else the carrier's answer, stored for next time. */
  private async capabilityOf(claimed: ClaimedMessage): Promise<PhoneCapability> {
    const contacts = this.dataSource.getRepository(ContactEntity);
    const contact = await contacts.findOneBy({ companyId: claimed.companyId, phone: claimed.contactPhone });
    const now = this.clock.now();
    if (contact?.capability && isCapabilityFresh(contact.capabilityCheckedAt, now, this.options.capabilityTtlSeconds)) {
      return fromContactCapability(contact.capability);
    }
    const capability = await this.withTimeout(this.carrier.lookupCapability(claimed.contactPhone), `capability lookup of ${claimed.contactPhone}`);
    await contacts.update({ companyId: claimed.companyId, phone: claimed.contactPhone }, { capability: toContactCapability(capability), capabilityCheckedAt: now });
    return capability;
  }

  /** The message row, locked, if it is still this claim's `sending`; null when a cancel, the sweeper or another claim got there first. */
  private async lockClaim(manager: EntityManager, claimed: ClaimedMessage): Promise<MessageEntity | null> {
    const row = await manager.getRepository(MessageEntity).findOne({ where: { id: claimed.id }, lock: { mode: 'pessimistic_write' } });
    return row && row.status === 'sending' && row.sendAttempts === claimed.attempt ? row : null;
  }

  /** The carrier could not take it now: back to the queue with backoff, or `failed` once the attempts are spent. */
  private async retryOrFail(manager: EntityManager, claimed: ClaimedMessage, error: unknown): Promise<void> {
    const cause = error instanceof Error ? error.message : String(error);
    const retryAfter = error instanceof CarrierUnavailableError ? error.retryAfterMs : undefined;
    const next = retryDecision(this.options.retry, claimed.attempt, this.clock.now(), retryAfter);
    if (next.kind === 'give_up') {
      this.logger.warn(`message ${claimed.id} failed after ${claimed.attempt} attempt(s): ${cause}`);
      await changeStatusAndAnnounce(manager, this.events, { table: MESSAGES_TABLE, id: claimed.id, event: 'reject', set: { failure_reason: HAND_OFF_REASONS.unavailable } });
      this.metrics.released('failed');
      return;
    }
    this.logger.warn(`message ${claimed.id} attempt ${claimed.attempt}: carrier unavailable (${cause}); again at ${next.at.toISOString()}`);
    await applyStatusEvent(manager, { table: MESSAGES_TABLE, id: claimed.id, event: 'requeue', set: { claimed_at: null, release_after: next.at } });
    this.metrics.released('requeued');
  }


  /** Bounds a carrier call; a late answer is dropped (a retry carries the same message id, the idempotency key). */
  private withTimeout<T>(call: Promise<T>, what: string): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new CarrierTimeoutError(`${what} took longer than ${this.options.carrierTimeoutMs} ms`)), this.options.carrierTimeoutMs);
    });
    return Promise.race([call, timeout]).finally(() => clearTimeout(timer));
  }
}
