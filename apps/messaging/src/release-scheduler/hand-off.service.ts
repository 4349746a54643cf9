import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { applyStatusEvent } from '@suite/message-status';
import { openTransactionOf, PreparedStatement } from '@suite/database';
import { CarrierOutcomeUnknownError, CarrierRejectedError, CarrierUnavailableError } from '../carrier/carrier-errors';
import {
  CARRIER,
  type Carrier,
  type CarrierChannel,
  type CarrierRoute,
  type CarrierSendResult,
  type PhoneCapability,
} from '../carrier/carrier.port';
import {
  ambiguousHandOffs,
  carrierIdsTakenNear,
  openHandOffs,
  settleHandOffs,
  type HandOffSettlement,
} from '../hand-offs/hand-off-records';
import type { MessageHandOffEntity } from '../hand-offs/message-hand-off.entity';
import { CarrierOptOuts } from './carrier-opt-outs';
import { MessageEventsWriter } from '../messages/message-events.writer';
import { MessageEntity, MESSAGES_TABLE } from '../messages/message.entity';
import { chooseChannel } from '../send-rules/channel-choice';
import { CLOCK, type Clock } from '@suite/time';
import { entityFromColumns } from '../shared/entity-from-columns';
import type { ClaimedMessage } from './claimed-message';
import { carrierSendRequest } from './carrier-send-request';
import { withCarrierTimeout } from './carrier-timeout';
import { countSent, recordLastOutbound, storeCapabilities } from './hand-off-writes';
import { PaceGate, type PaceTurn } from './pace-gate';
import { ReleaseMetrics } from './release-metrics';
import { retryDecision } from './release-rules';
import { changeStatusAndAnnounce, changeStatusesAndAnnounce } from '../messages/message-status-change';
import { RELEASE_SCHEDULER_OPTIONS, type ReleaseSchedulerOptions } from './release-scheduler.options';

/** failure_reason values the hand-off writes. */
export const HAND_OFF_REASONS = {
  noChannel: 'unreachable: nothing the carrier offers reaches this number (a landline?)',
  unavailable: 'carrier_unavailable: the carrier could not take the message after every attempt',
  unknown: 'hand_off_unknown: the last hand-off lost its answer; the provider may have the message, which is never sent twice',
} as const;

/** The claimed rows, locked in id order (two batches over overlapping rows cannot deadlock). */
const LOCK_CLAIMS = new PreparedStatement(
  'hand_off_lock_claims',
  `SELECT * FROM messaging.messages WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
  'messaging',
);

/** A message of the batch that passed its checks and goes to the carrier. */
interface Sendable {
  readonly claimed: ClaimedMessage;
  readonly row: MessageEntity;
  readonly channel: CarrierChannel;
  readonly route: CarrierRoute;
}

/**
 * What the carrier answered one hand-off, and when it got the request. `handOffId`: its record
 * (message_hand_offs), settled with the answer; null for a lost hand-off found by a lookup (its
 * record is settled `found` where it is looked up).
 */
type Handed = Sendable & { readonly at: Date; readonly handOffId: string | null } & (
    { readonly accepted: CarrierSendResult } | { readonly error: unknown }
  );

/**
 * Step 2 of a tick (docs/decisions/0014), per hand-off batch (hand-off-batches.ts: part of a
 * tick's claims, each sender number once), outside the claim transaction: the capabilities (the
 * contact's cache while fresh, read by the claim; else carrier lookups BEFORE any row lock, stored
 * in one statement), then one transaction that locks the batch's message rows, keeps those still
 * this claim's `sending` (a cancel may have won meanwhile), chooses each channel, waits for each
 * number's turn at the carrier (pace-gate.ts, which locks the numbers' hand-off markers AFTER the
 * message rows) and calls carrier.send WHILE HOLDING THE LOCKS — the batch's calls side by side.
 * A concurrent DELETE therefore waits and then sees `sent` (409), or it came first and nothing is
 * sent: a message is never both cancelled and handed over. The outcomes are written per kind, one
 * guarded status update and one outbox append for all the batch's `sent`, and likewise for the
 * bookkeeping (hand-off-writes.ts): a batch costs about ten statements, not ten per message.
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
    private readonly carrierOptOuts: CarrierOptOuts,
  ) {}

  async handOffBatch(batch: readonly ClaimedMessage[]): Promise<void> {
    if (batch.length === 0) return;
    const capabilities = await this.capabilitiesOf(batch);
    const optOuts: Array<{ companyId: string; phone: string; reason: string }> = [];
    await this.dataSource.transaction(async (manager) => {
      const rows = await this.lockClaims(manager, batch);
      // A hand-off whose answer was lost is looked up before anything else happens to its message (decision 0038).
      const found = await this.lookUpAmbiguous(manager, batch, rows);
      const sendable: Sendable[] = [];
      const noChannel: MessageEntity[] = [];
      for (const claimed of batch) {
        const row = rows.get(claimed.id);
        if (!row) continue;
        const capability = capabilities.get(claimed.id)!;
        if (!capability.ok) {
          await this.retryOrFail(manager, claimed, capability.error);
          continue;
        }
        const channel = chooseChannel(capability.value, row.attachments.length > 0);
        if (channel === 'no_channel') {
          noChannel.push(row);
          continue;
        }
        const route = this.carrier.route(channel);
        // The channel's provider sends from its own kind of number: back to the claim, which re-pins the conversation.
        if (route.senderProvider !== null && claimed.senderProvider !== route.senderProvider) {
          await this.reroute(manager, row, route);
          continue;
        }
        sendable.push({ claimed, row, channel, route });
      }
      if (noChannel.length > 0) {
        const outcomes = await changeStatusesAndAnnounce(manager, this.events, {
          table: MESSAGES_TABLE,
          event: 'mark_no_channel',
          rows: noChannel.map((row) => ({ id: row.id, set: { failure_reason: HAND_OFF_REASONS.noChannel } })),
        });
        for (const outcome of outcomes) if (outcome.applied) this.metrics.released('no_channel');
      }
      // Pacing holds at the carrier: each number's turn (its marker row stays locked until commit).
      const turns = await this.paceGate.turns(
        manager,
        sendable.map(({ row, claimed }) => ({ number: row.fromNumber!, perSecondRate: claimed.perSecondRate })),
      );
      const going: Array<Sendable & { turn: Extract<PaceTurn, { kind: 'go' }> }> = [];
      for (const [i, turn] of turns.entries()) {
        const message = sendable[i]!;
        if (turn.kind === 'go') {
          going.push({ ...message, turn });
          continue;
        }
        await applyStatusEvent(manager, {
          table: MESSAGES_TABLE,
          id: message.row.id,
          event: 'requeue',
          set: { claimed_at: null, release_after: turn.until },
        });
        this.metrics.deferred('rate');
      }
      // Recorded and committed before any request leaves: a crash from here on leaves them `in_flight`, visible.
      const handOffIds = await openHandOffs(
        this.dataSource,
        going.map(({ row, channel, route }) => ({
          messageId: row.id,
          companyId: row.companyId,
          kind: 'send' as const,
          provider: route.provider,
          channel,
          fromNumber: row.fromNumber!,
          startedAt: this.clock.now(),
        })),
      );
      const handed = await Promise.all(going.map((message, i) => this.send(message, handOffIds[i]!)));
      // Whatever the answers, the carrier got the requests: those are the numbers' last hand-offs.
      await this.paceGate.handedOver(
        manager,
        handed.map(({ row, at }) => ({ number: row.fromNumber!, at })),
      );
      await this.record(manager, [...found, ...handed]);
      for (const message of handed)
        if ('error' in message && message.error instanceof CarrierRejectedError && message.error.optedOut)
          optOuts.push({ companyId: message.row.companyId, phone: message.row.contactPhone, reason: message.error.code });
    });
    // After the commit, in transactions of their own (contact first, as every opt-out locks): the provider's unsubscribes.
    for (const optOut of optOuts) await this.carrierOptOuts.optOut(optOut.companyId, optOut.phone, optOut.reason);
  }

  /**
   * The batch's messages with an ambiguous hand-off (in flight when a process died, or an answer
   * lost): each is looked up at the provider that was asked. Found → the message is `sent` with
   * the provider's id, never sent again (returned, to be recorded with the batch's answers); not
   * found → that hand-off is settled `not_found` and the message goes on to a normal hand-off;
   * the provider cannot say → back to the queue, still ambiguous. Found and requeued messages
   * leave `rows`.
   */
  private async lookUpAmbiguous(
    manager: EntityManager,
    batch: readonly ClaimedMessage[],
    rows: Map<string, MessageEntity>,
  ): Promise<Handed[]> {
    const ambiguous = await ambiguousHandOffs(manager, [...rows.keys()]);
    if (ambiguous.length === 0) return [];
    const byMessage = new Map<string, MessageHandOffEntity[]>();
    for (const handOff of ambiguous) byMessage.set(handOff.messageId, [...(byMessage.get(handOff.messageId) ?? []), handOff]);
    const found: Handed[] = [];
    const settlements: HandOffSettlement[] = [];
    for (const claimed of batch) {
      const row = rows.get(claimed.id);
      const handOffs = byMessage.get(claimed.id);
      if (!row || !handOffs) continue;
      for (const handOff of handOffs) {
        const channel = handOff.channel as CarrierChannel;
        const route: CarrierRoute = { provider: handOff.provider, senderProvider: null };
        const request = carrierSendRequest(row, channel, handOff.fromNumber);
        const taken = await carrierIdsTakenNear(manager, row, handOff.startedAt);
        let result: CarrierSendResult | null;
        try {
          result = await this.withTimeout(
            this.carrier.findHandOff(request, route, handOff.startedAt, taken),
            `lookup of hand-off ${handOff.id}`,
          );
        } catch (error) {
          rows.delete(claimed.id);
          // Still ambiguous: out of attempts it fails as `hand_off_unknown` (the provider may have it), not as unavailable.
          await this.retryOrFail(
            manager,
            claimed,
            new CarrierOutcomeUnknownError(`lost hand-off not looked up: ${describe(error)}`),
            handOff.startedAt,
          );
          break;
        }
        const at = this.clock.now();
        if (!result) {
          settlements.push({
            id: handOff.id,
            outcome: 'not_found',
            carrierMessageId: null,
            detail: `${handOff.provider} has no such message`,
            at,
          });
          continue;
        }
        settlements.push({ id: handOff.id, outcome: 'found', carrierMessageId: result.carrierMessageId, detail: null, at });
        rows.delete(claimed.id);
        this.logger.warn(
          `message ${row.id}: a lost hand-off was found at ${handOff.provider} (${result.carrierMessageId}); not sent again`,
        );
        found.push({ claimed, row, channel, route, at: handOff.startedAt, handOffId: null, accepted: result });
        break;
      }
    }
    await settleHandOffs(manager, settlements);
    return found;
  }

  /**
   * The message's channel goes through a provider its sender number is not of (a pool of Sendblue
   * lines and Twilio numbers): it goes back to the queue at once, without spending an attempt; the
   * claim re-pins the conversation to a number of that provider (release-claimer.ts).
   */
  private async reroute(manager: EntityManager, row: MessageEntity, route: CarrierRoute): Promise<void> {
    this.logger.log(
      `message ${row.id}: ${route.provider} sends it from a ${route.senderProvider} number; re-pinned at its next claim`,
    );
    await applyStatusEvent(manager, {
      table: MESSAGES_TABLE,
      id: row.id,
      event: 'requeue',
      set: { claimed_at: null, release_after: this.clock.now(), send_attempts: Math.max(0, row.sendAttempts - 1) },
    });
    this.metrics.deferred('provider_route');
  }

  /** One carrier call after the number's turn; never throws (the answer or the error is the outcome). */
  private async send(message: Sendable & { turn: Extract<PaceTurn, { kind: 'go' }> }, handOffId: string): Promise<Handed> {
    const { row, channel } = message;
    const at = await this.paceGate.await(message.turn);
    try {
      const accepted = await this.withTimeout(
        this.carrier.send(carrierSendRequest(row, channel, row.fromNumber!)),
        `carrier.send of ${row.id}`,
      );
      return { ...message, at, handOffId, accepted };
    } catch (error) {
      return { ...message, at, handOffId, error };
    }
  }

  /** The batch's carrier answers: `sent` and `failed` in one guarded update and one outbox append each; retries one by one (rare). */
  private async record(manager: EntityManager, handed: readonly Handed[]): Promise<void> {
    const accepted = handed.flatMap((message) => ('accepted' in message ? [{ ...message, result: message.accepted }] : []));
    const rejected = handed.flatMap((message) =>
      'error' in message && message.error instanceof CarrierRejectedError ? [{ ...message, error: message.error }] : [],
    );
    await settleHandOffs(
      manager,
      handed.flatMap((message): HandOffSettlement[] =>
        message.handOffId === null ? [] : [settlementOf(message, this.clock.now())],
      ),
    );
    for (const message of handed) {
      if ('error' in message && !(message.error instanceof CarrierRejectedError))
        await this.retryOrFail(manager, message.claimed, message.error, message.at);
    }
    if (rejected.length > 0) {
      const outcomes = await changeStatusesAndAnnounce(manager, this.events, {
        table: MESSAGES_TABLE,
        event: 'reject',
        rows: rejected.map(({ row, channel, at, error }) => ({
          id: row.id,
          set: { channel, handed_over_at: at, failure_reason: `${error.code}: ${error.message}`.slice(0, 255) },
        })),
      });
      for (const outcome of outcomes) if (outcome.applied) this.metrics.released('failed');
    }
    if (accepted.length === 0) return;
    const outcomes = await changeStatusesAndAnnounce(manager, this.events, {
      table: MESSAGES_TABLE,
      event: 'accept',
      rows: accepted.map(({ row, channel, at, result }) => ({
        id: row.id,
        set: {
          channel,
          handed_over_at: at,
          sent_at: result.acceptedAt,
          carrier_ts: result.acceptedAt,
          carrier_message_id: result.carrierMessageId,
        },
      })),
    });
    // The rows are locked and were checked to be this claim's `sending`: every accept applies.
    const sent = accepted.filter((_, i) => outcomes[i]!.applied);
    await recordLastOutbound(
      manager,
      sent.map(({ row, at }) => ({ companyId: row.companyId, contactPhone: row.contactPhone, at })),
    );
    await countSent(
      manager,
      sent.map(({ row, at }) => ({ number: row.fromNumber!, at })),
    );
    // The carrier's own state of these hand-offs (the sandbox's receipt jobs), committed with their `sent`.
    await this.carrier.recordAccepted?.(
      manager,
      sent.map(({ row, channel, result }) => ({ request: carrierSendRequest(row, channel, row.fromNumber!), result })),
    );
    for (const { claimed, at } of sent) {
      this.metrics.released('sent');
      this.metrics.handedOver(claimed.dueAt, at);
    }
  }

  /**
   * Each message's capability: the contact's stored one when the claim found it fresh; else the
   * carrier's answer (lookups side by side, before any row lock), stored in one statement for
   * next time. A failed lookup is the message's outcome (retried like an unavailable carrier).
   */
  private async capabilitiesOf(
    batch: readonly ClaimedMessage[],
  ): Promise<Map<string, { ok: true; value: PhoneCapability } | { ok: false; error: unknown }>> {
    const now = this.clock.now();
    const answers = await Promise.all(
      batch.map(async (claimed) => {
        if (claimed.cachedCapability) return { claimed, ok: true as const, value: claimed.cachedCapability, looked: false };
        try {
          const value = await this.withTimeout(
            this.carrier.lookupCapability(claimed.contactPhone),
            `capability lookup of ${claimed.contactPhone}`,
          );
          return { claimed, ok: true as const, value, looked: true };
        } catch (error) {
          return { claimed, ok: false as const, error };
        }
      }),
    );
    const looked = answers.flatMap((answer) =>
      answer.ok && answer.looked
        ? [{ companyId: answer.claimed.companyId, contactPhone: answer.claimed.contactPhone, capability: answer.value }]
        : [],
    );
    await storeCapabilities(this.dataSource, looked, now);
    return new Map(
      answers.map((answer) => [
        answer.claimed.id,
        answer.ok ? { ok: true, value: answer.value } : { ok: false, error: answer.error },
      ]),
    );
  }

  /** The batch's rows, locked, that are still this claim's `sending`; the others a cancel, the sweeper or another claim got first. */
  private async lockClaims(manager: EntityManager, batch: readonly ClaimedMessage[]): Promise<Map<string, MessageEntity>> {
    const attempts = new Map(batch.map((claimed) => [claimed.id, claimed.attempt]));
    const { rows } = await LOCK_CLAIMS.run<Record<string, unknown>>(openTransactionOf(manager, 'hand-off.service'), [
      [...attempts.keys()],
    ]);
    const mine = new Map<string, MessageEntity>();
    for (const raw of rows) {
      const row = entityFromColumns(manager, MessageEntity, raw);
      if (row.status === 'sending' && row.sendAttempts === attempts.get(row.id)) mine.set(row.id, row);
    }
    return mine;
  }

  /**
   * The carrier could not take it now: back to the queue with backoff, or `failed` once the
   * attempts are spent. A hand-off whose outcome is unknown (`at`: when it left) also marks the
   * message handed over: it may be at the provider, so a cancel is too late (409) and an opt-out
   * leaves it — and the next hand-off looks it up first.
   */
  private async retryOrFail(manager: EntityManager, claimed: ClaimedMessage, error: unknown, at?: Date): Promise<void> {
    const cause = error instanceof Error ? error.message : String(error);
    const unknown = error instanceof CarrierOutcomeUnknownError && at !== undefined;
    const retryAfter = error instanceof CarrierUnavailableError ? error.retryAfterMs : undefined;
    const next = retryDecision(this.options.retry, claimed.attempt, this.clock.now(), retryAfter);
    if (next.kind === 'give_up') {
      this.logger.warn(`message ${claimed.id} failed after ${claimed.attempt} attempt(s): ${cause}`);
      await changeStatusAndAnnounce(manager, this.events, {
        table: MESSAGES_TABLE,
        id: claimed.id,
        event: 'reject',
        set: {
          failure_reason: unknown ? HAND_OFF_REASONS.unknown : HAND_OFF_REASONS.unavailable,
          ...(unknown ? { handed_over_at: at } : {}),
        },
      });
      this.metrics.released('failed');
      return;
    }
    this.logger.warn(
      `message ${claimed.id} attempt ${claimed.attempt}: carrier unavailable (${cause}); again at ${next.at.toISOString()}`,
    );
    await applyStatusEvent(manager, {
      table: MESSAGES_TABLE,
      id: claimed.id,
      event: 'requeue',
      set: { claimed_at: null, release_after: next.at, ...(unknown ? { handed_over_at: at } : {}) },
    });
    this.metrics.released('requeued');
  }

  /** Bounds a carrier call; a late answer is dropped (a retry looks a lost send up first: decision 0038). */
  private withTimeout<T>(call: Promise<T>, what: string): Promise<T> {
    return withCarrierTimeout(call, this.options.carrierTimeoutMs, what);
  }
}

/** How a hand-off's record is settled by its answer. */
function settlementOf(message: Handed, at: Date): HandOffSettlement {
  if ('accepted' in message)
    return { id: message.handOffId!, outcome: 'accepted', carrierMessageId: message.accepted.carrierMessageId, detail: null, at };
  const error = message.error;
  if (error instanceof CarrierRejectedError)
    return { id: message.handOffId!, outcome: 'rejected', carrierMessageId: null, detail: `${error.code}: ${error.message}`, at };
  const outcome = error instanceof CarrierOutcomeUnknownError ? 'unknown' : 'unavailable';
  return { id: message.handOffId!, outcome, carrierMessageId: null, detail: describe(error), at };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
