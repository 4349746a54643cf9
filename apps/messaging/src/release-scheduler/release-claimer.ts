import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError } from '@suite/http';
import { CLOCK, type Clock } from '@suite/time';
import { recipientTimeZones } from '@suite/local-time';
import { isCapabilityFresh } from '../carrier/capability-cache';
import { CARRIER, type Carrier, type PhoneCapability, type SenderProvider } from '../carrier/carrier.port';
import { PROVIDER_PACING } from '../carrier/provider-pacing';
import { chooseChannel } from '../send-rules/channel-choice';
import { fromContactCapability } from '../contacts/contact-capability';
import { ContactEntity } from '../contacts/contact.entity';
import { MessageEventsWriter } from '../messages/message-events.writer';
import { MessageEntity, MESSAGES_TABLE } from '../messages/message.entity';
import { isNewContactForNumber, pacingDay } from '../send-rules/pacing';
import { countNewContacts } from './new-contact-count';
import { DEFAULT_WORKSPACE_TIME_ZONE } from '../send-rules/scheduling-defaults';
import { SenderNumberEntity } from '../sender-numbers/sender-number.entity';
import { SenderPinningService } from '../sender-numbers/sender-pinning.service';
import type { EffectiveSettings } from '../workspace-settings/effective-settings';
import { WorkspaceSettingsService } from '../workspace-settings/workspace-settings.service';
import type { ClaimedMessage } from './claimed-message';
import { ReleaseMetrics, type DeferReason } from './release-metrics';
import { contactKey } from '../contacts/contact-key';
import {
  contactsOf,
  earlierPendingOf,
  lastExchangesOf,
  lockNumbers,
  newContactsTodayOf,
  type EarlierPending,
} from './claim-reads';
import { writeClaims, type DecidedClaim } from './claim-writes';
import { lockCandidates, nextClaimableAt } from './release-candidates';
import { pacingDecision, windowDecision } from './release-rules';
import { changeStatusAndAnnounce } from '../messages/message-status-change';
import { RELEASE_SCHEDULER_OPTIONS, type ReleaseSchedulerOptions } from './release-scheduler.options';

/** failure_reason of a message cancelled because its contact opted out while it waited. */
export const OPTED_OUT = 'opted_out';

export interface ClaimBatchResult {
  readonly claimed: ClaimedMessage[];
  /** Due messages looked at (claimed, deferred, cancelled or left for the next tick). */
  readonly examined: number;
  /** Of those, how many changed (claimed, cancelled, deferred): 0 means looking again at once is pointless. */
  readonly progressed: number;
}

/** What one claim transaction has read and locked so far. */
interface BatchContext {
  readonly now: Date;
  readonly contacts: Map<string, ContactEntity>;
  /** Locked FOR UPDATE, by number. */
  readonly numbers: Map<string, SenderNumberEntity>;
  readonly settings: Map<string, EffectiveSettings>;
  /** New contacts per number today, as counted in this transaction (loaded once, then incremented). */
  readonly newContactsToday: Map<string, number>;
  /** Read for the whole batch before looking at any message (claim-reads.ts). */
  readonly earlierPending: Map<string, EarlierPending>;
  readonly lastExchanges: Map<string, { number: string | null; at: Date | null }>;
  /** Messages this batch cancelled or deferred: a prefetched answer naming one of them is asked again. */
  readonly rewritten: Set<string>;
  /** company:phone:number of the claims this batch decided: an exchange as of now for the batch's later messages. */
  readonly claimedConversations: Set<string>;
  /** The claims decided, written at the end of the batch (claim-writes.ts). */
  readonly claims: DecidedClaim[];
  /** New contacts this batch claimed, by number: added to sender_number_days at the end of the batch. */
  readonly newContactsClaimed: Map<string, number>;
  /** Numbers whose slot this batch has used (a claim) or found taken: their later messages wait, untouched. */
  readonly takenNumbers: Set<string>;
}

type Outcome = 'claimed' | 'cancelled' | 'deferred' | 'unchanged';

const conversationKey = (companyId: string, phone: string, number: string) => `${companyId}:${phone}:${number}`;

/**
 * Step 1 of a tick (docs/decisions/0014): one short transaction that takes due `queued` messages
 * of the sender numbers whose slot is free (release-candidates.ts) with FOR UPDATE SKIP LOCKED
 * (replicas take disjoint sets), and for each either cancels it (the contact opted out), re-pins
 * its sender, defers it (send window, conversation order, daily new-contact cap) by moving
 * release_after, leaves it untouched (its number's slot is taken: it keeps its place), or claims
 * it (`sending`, claimed_at, send_attempts + 1) after reserving the number's pacing slot under the
 * number's row lock. No network call happens inside: the hand-off is step 2. What the decisions
 * need is read for the whole batch first (claim-reads.ts) and the claims are written at its end
 * (claim-writes.ts): a batch costs about ten statements, plus one per cancelled or deferred
 * message (decision 0014, "Batches").
 */
@Injectable()
export class ReleaseClaimer {
  private readonly logger = new Logger('ReleaseScheduler');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(RELEASE_SCHEDULER_OPTIONS) private readonly options: ReleaseSchedulerOptions,
    private readonly pinning: SenderPinningService,
    private readonly workspaceSettings: WorkspaceSettingsService,
    private readonly events: MessageEventsWriter,
    private readonly metrics: ReleaseMetrics,
    @Inject(CARRIER) private readonly carrier: Carrier,
  ) {}

  async claimBatch(limit: number): Promise<ClaimBatchResult> {
    return this.dataSource.transaction(async (manager) => {
      const now = this.clock.now();
      const candidates = await lockCandidates(manager, now, limit);
      if (candidates.length === 0) return { claimed: [], examined: 0, progressed: 0 };

      const ids = candidates.map((message) => message.id);
      const numbers = await lockNumbers(
        manager,
        candidates.map((message) => message.fromNumber).filter((number) => number !== null),
      );
      const context: BatchContext = {
        now,
        contacts: await contactsOf(manager, candidates),
        numbers,
        settings: new Map(),
        newContactsToday: await newContactsTodayOf(manager, pacingDay(now), [...numbers.keys()]),
        earlierPending: await earlierPendingOf(manager, ids),
        lastExchanges: await lastExchangesOf(manager, ids),
        rewritten: new Set(),
        claimedConversations: new Set(),
        claims: [],
        newContactsClaimed: new Map(),
        takenNumbers: new Set(),
      };
      const decided: MessageEntity[] = [];
      let progressed = 0;
      for (const message of candidates) {
        const outcome = await this.consider(manager, message, context);
        if (outcome === 'claimed') decided.push(message);
        if (outcome !== 'unchanged') progressed++;
      }
      // Every decided claim applies (its row is locked and was `queued`); one that did not would simply not be handed over.
      const applied = await writeClaims(manager, MESSAGES_TABLE, context.claims, now);
      progressed -= decided.filter((message) => !applied.has(message.id)).length;
      const claimed = decided
        .filter((message) => applied.has(message.id))
        .map((message): ClaimedMessage => ({
          id: message.id,
          companyId: message.companyId,
          contactPhone: message.contactPhone,
          fromNumber: message.fromNumber!,
          senderProvider: context.numbers.get(message.fromNumber!)!.provider,
          attempt: message.sendAttempts + 1,
          dueAt: message.releaseAfter,
          // consider() read the workspace's settings before it could claim; the number's provider caps them.
          perSecondRate: Math.min(
            context.settings.get(message.companyId)!.perSecondRate,
            (PROVIDER_PACING[context.numbers.get(message.fromNumber!)!.provider] ?? PROVIDER_PACING.sandbox).maxPerSecondRate,
          ),
          cachedCapability: this.cachedCapability(context.contacts.get(contactKey(message.companyId, message.contactPhone)), now),
        }));
      await countNewContacts(manager, pacingDay(now), context.newContactsClaimed);
      return { claimed, examined: candidates.length, progressed };
    });
  }

  /**
   * The contact's stored capability if still fresh (the hand-off asks the carrier otherwise): read
   * here, with the contact, rather than again per hand-off.
   */
  private cachedCapability(contact: ContactEntity | undefined, now: Date): PhoneCapability | null {
    if (!contact?.capability || !isCapabilityFresh(contact.capabilityCheckedAt, now, this.options.capabilityTtlSeconds))
      return null;
    return fromContactCapability(contact.capability);
  }

  /** When a claim could next find something (the scheduler sleeps until then at most): release-candidates.ts. */
  nextClaimableAt(): Promise<Date | null> {
    return nextClaimableAt(this.dataSource, this.clock.now());
  }

  private async consider(manager: EntityManager, message: MessageEntity, context: BatchContext): Promise<Outcome> {
    const { now } = context;
    // Its number's slot is gone for this batch: the message keeps its place in the queue as it is.
    if (message.fromNumber && context.takenNumbers.has(message.fromNumber)) return 'unchanged';
    const contact = context.contacts.get(contactKey(message.companyId, message.contactPhone));
    // The one-time opt-out confirmation is the only message an opted-out contact still gets (bypass_opt_out, decision 0015).
    if (contact?.optedOut && !message.bypassOptOut) {
      await changeStatusAndAnnounce(manager, this.events, {
        table: MESSAGES_TABLE,
        id: message.id,
        event: 'cancel',
        set: { failure_reason: OPTED_OUT },
      });
      context.rewritten.add(message.id);
      this.metrics.released('cancelled');
      return 'cancelled';
    }

    const number = await this.activeNumberFor(manager, message, context);
    if (!number)
      return this.defer(manager, message, new Date(now.getTime() + this.options.noNumberRetryMs), 'no_sender_number', context);

    // A conversation reads in order: nothing overtakes an earlier message to the same person.
    const earlier = await this.earlierPending(manager, message, context);
    if (earlier) {
      if (earlier.status === 'queued' && earlier.releaseAfter > now)
        return this.defer(manager, message, earlier.releaseAfter, 'conversation_order', context);
      this.metrics.deferred('conversation_order');
      return 'unchanged';
    }

    const settings = await this.settingsFor(manager, message.companyId, context);
    if (this.windowApplies(message)) {
      const window = windowDecision(
        now,
        await recipientTimeZones(message.contactPhone, DEFAULT_WORKSPACE_TIME_ZONE),
        { start: settings.sendWindowStart, end: settings.sendWindowEnd },
        DEFAULT_WORKSPACE_TIME_ZONE,
      );
      if (window.kind === 'closed') return this.defer(manager, message, window.opensAt, 'window', context);
    }

    const newContact = isNewContactForNumber(await this.lastExchange(manager, message, number.number, context), now);
    const day = pacingDay(now);
    // The provider's own limits for one number (Sendblue: 1/s, 1,000 new conversations a day) cap the workspace's.
    const limits = PROVIDER_PACING[number.provider] ?? PROVIDER_PACING.sandbox;
    const pacing = pacingDecision({
      now,
      numberAddedAt: number.addedAt,
      lastSlot: number.nextSendAt,
      perSecondRate: Math.min(settings.perSecondRate, limits.maxPerSecondRate),
      warmup: {
        startPerDay: Math.min(settings.dailyNewContactsStart, limits.maxNewContactsPerDay),
        maxPerDay: Math.min(settings.dailyNewContactsMax, limits.maxNewContactsPerDay),
        warmupDays: settings.warmupDays,
      },
      newContact,
      newContactsToday: newContact ? await this.newContactsToday(manager, number.number, day, context) : 0,
    });
    if (pacing.kind === 'daily_cap') return this.defer(manager, message, pacing.until, 'daily_cap', context);
    if (pacing.kind === 'rate') {
      // Left untouched, not moved to the slot (defect 2 of 0014: a backlog was rewritten at every
      // slot). It stays first in its number's queue; the claim looks again once the slot is free.
      context.takenNumbers.add(number.number);
      this.metrics.deferred('rate');
      return 'unchanged';
    }

    // Written at the end of the batch (writeClaims); the batch's later messages read the slot from `number`.
    context.claims.push({ id: message.id, attempt: message.sendAttempts + 1, number: number.number, slot: pacing.slot });
    context.claimedConversations.add(conversationKey(message.companyId, message.contactPhone, number.number));
    number.nextSendAt = pacing.slot;
    context.takenNumbers.add(number.number);
    if (newContact) {
      // Counted here for the batch's later messages; written once at the end of the batch (countNewContacts).
      context.newContactsToday.set(number.number, (context.newContactsToday.get(number.number) ?? 0) + 1);
      context.newContactsClaimed.set(number.number, (context.newContactsClaimed.get(number.number) ?? 0) + 1);
    }
    return 'claimed';
  }

  /**
   * Whether the send window holds this message back: every outbound message except the
   * auto-replies that answer the person's own HELP or STOP (`bypass_window`, decision 0015).
   */
  private windowApplies(message: MessageEntity): boolean {
    return !message.bypassWindow;
  }

  /**
   * The message's sender number, locked, if it is still active in the workspace's pool. If it
   * left the pool, the conversation is re-pinned with the core's pinning rule (recorded in
   * sender_pin_changes) and the message follows the new pin. Null: the pool is empty.
   */
  private async activeNumberFor(
    manager: EntityManager,
    message: MessageEntity,
    context: BatchContext,
  ): Promise<SenderNumberEntity | null> {
    const current = message.fromNumber ? context.numbers.get(message.fromNumber) : undefined;
    const wanted = this.senderProviderFor(message, context);
    if (
      current &&
      current.status === 'active' &&
      current.companyId === message.companyId &&
      (wanted === null || current.provider === wanted)
    )
      return current;
    if (wanted !== null) return this.pinForProvider(manager, message, wanted, context);

    const contact = await manager
      .getRepository(ContactEntity)
      .findOne({ where: { companyId: message.companyId, phone: message.contactPhone }, lock: { mode: 'pessimistic_write' } });
    if (!contact) throw new Error(`message ${message.id} has no contact row`);
    // What the send path reads with the contact's lock (ContactsService.lockForSend): the contact's own pin may
    // differ from this message's (a later message re-pinned it), so ask whether it is still in the pool.
    const activeNumbers = (
      await manager
        .getRepository(SenderNumberEntity)
        .find({ select: { number: true }, where: { companyId: contact.companyId, status: 'active' }, order: { number: 'ASC' } })
    ).map((row) => row.number);
    const pinnedNumberActive = contact.pinnedFromNumber !== null && activeNumbers.includes(contact.pinnedFromNumber);
    let pinned: string;
    try {
      pinned = await this.pinning.pinFor(manager, {
        ...contact,
        pinnedNumberActive,
        activeNumbers: pinnedNumberActive ? [] : activeNumbers,
      });
    } catch (error) {
      if (error instanceof AppError && error.kind === 'conflict') {
        this.logger.warn(`message ${message.id}: workspace ${message.companyId} has no active sender number; it waits`);
        return null;
      }
      throw error;
    }
    context.contacts.set(contactKey(contact.companyId, contact.phone), contact);
    if (pinned !== message.fromNumber) {
      await manager.getRepository(MessageEntity).update({ id: message.id }, { fromNumber: pinned });
      message.fromNumber = pinned;
    }
    const [locked] = await lockNumbers(manager, [pinned]).then((numbers) => [...numbers.values()]);
    if (locked) context.numbers.set(locked.number, locked);
    return locked ?? null;
  }

  /**
   * The kind of sender number the message will leave from, when the carrier routes channels to
   * different providers (sendblue+twilio): the channel the contact's last known capability gives
   * (any age: the hand-off checks a stale one again) and that channel's route. Null: any number.
   */
  private senderProviderFor(message: MessageEntity, context: BatchContext): SenderProvider | null {
    const sms = this.carrier.route('sms').senderProvider;
    if (sms === null) return null;
    // One provider for every channel: its numbers only (a pool may still hold numbers of a carrier used before).
    if (this.carrier.senderProviders.length === 1) return sms;
    const contact = context.contacts.get(contactKey(message.companyId, message.contactPhone));
    if (!contact?.capability) return null;
    const channel = chooseChannel(fromContactCapability(contact.capability), message.attachments.length > 0);
    return channel === 'no_channel' ? null : this.carrier.route(channel).senderProvider;
  }

  /**
   * Sticky sender across providers: the conversation's number of `provider` — the last one of
   * that provider it was pinned to, if still active, else the pool's by the usual hash over that
   * provider's active numbers — becomes its pin (recorded as `channel_changed`) and the message's
   * sender. Null (the message waits) when the workspace has no active number of that provider.
   */
  private async pinForProvider(
    manager: EntityManager,
    message: MessageEntity,
    provider: SenderProvider,
    context: BatchContext,
  ): Promise<SenderNumberEntity | null> {
    const contact = await manager
      .getRepository(ContactEntity)
      .findOne({ where: { companyId: message.companyId, phone: message.contactPhone }, lock: { mode: 'pessimistic_write' } });
    if (!contact) throw new Error(`message ${message.id} has no contact row`);
    const number = await this.pinning.numberOfProvider(manager, message.companyId, message.contactPhone, provider);
    if (number === null) {
      this.logger.warn(`message ${message.id}: workspace ${message.companyId} has no active ${provider} number; it waits`);
      return null;
    }
    if (contact.pinnedFromNumber !== number) {
      await this.pinning.pin(manager, contact, number, contact.pinnedFromNumber === null ? 'first_message' : 'channel_changed');
      contact.pinnedFromNumber = number;
    }
    context.contacts.set(contactKey(contact.companyId, contact.phone), contact);
    if (number !== message.fromNumber) {
      await manager.getRepository(MessageEntity).update({ id: message.id }, { fromNumber: number });
      message.fromNumber = number;
    }
    const [locked] = await lockNumbers(manager, [number]).then((numbers) => [...numbers.values()]);
    if (locked) context.numbers.set(locked.number, locked);
    return locked ?? null;
  }

  private async defer(
    manager: EntityManager,
    message: MessageEntity,
    until: Date,
    reason: DeferReason,
    context: BatchContext,
  ): Promise<Outcome> {
    // Not a status change: the message stays `queued`, only its earliest release moves.
    await manager.getRepository(MessageEntity).update({ id: message.id, status: 'queued' }, { releaseAfter: until });
    context.rewritten.add(message.id);
    this.metrics.deferred(reason);
    return 'deferred';
  }

  private async settingsFor(manager: EntityManager, companyId: string, context: BatchContext): Promise<EffectiveSettings> {
    const cached = context.settings.get(companyId);
    if (cached) return cached;
    const settings = await this.workspaceSettings.effective(manager, companyId);
    context.settings.set(companyId, settings);
    return settings;
  }

  /**
   * The earliest outbound message to the same person still waiting or being handed over, if older
   * than this one: as read for the whole batch, unless that answer names a message this batch has
   * cancelled or deferred since (then asked again; a claim decided in the batch still counts as pending).
   */
  private async earlierPending(
    manager: EntityManager,
    message: MessageEntity,
    context: BatchContext,
  ): Promise<{ status: string; releaseAfter: Date } | null> {
    const read = context.earlierPending.get(message.id);
    if (!read || !context.rewritten.has(read.id)) return read ?? null;
    const [row] = (await manager.query(
      `SELECT q.status, q.release_after FROM ${MESSAGES_TABLE} q, ${MESSAGES_TABLE} c
        WHERE c.id = $1 AND q.company_id = c.company_id AND q.contact_phone = c.contact_phone AND q.direction = 'outbound'
          AND q.status IN ('queued', 'sending') AND (q.created_at, q.id) < (c.created_at, c.id)
        ORDER BY q.created_at, q.id LIMIT 1`,
      [message.id],
    )) as Array<{ status: string; release_after: Date }>;
    return row ? { status: row.status, releaseAfter: row.release_after } : null;
  }

  /**
   * The last exchange between the number and the person (decision 0012: either direction):
   * an outbound message handed over or being handed over, or an inbound one. Drives "new contact".
   * As read for the whole batch when the message still has the number it was read for (else asked
   * again: a re-pin); a claim this batch decided for the same person and number counts as now.
   */
  private async lastExchange(
    manager: EntityManager,
    message: MessageEntity,
    number: string,
    context: BatchContext,
  ): Promise<Date | null> {
    const read = context.lastExchanges.get(message.id);
    let at: Date | null;
    if (read && read.number === number) {
      at = read.at;
    } else {
      const [row] = (await manager.query(
        `SELECT max(CASE WHEN direction = 'inbound' THEN created_at ELSE coalesce(handed_over_at, claimed_at) END) AS at
           FROM ${MESSAGES_TABLE}
          WHERE company_id = $1 AND contact_phone = $2 AND from_number = $3 AND id <> $4
            AND (direction = 'inbound' OR handed_over_at IS NOT NULL OR status = 'sending')`,
        [message.companyId, message.contactPhone, number, message.id],
      )) as Array<{ at: Date | null }>;
      at = row?.at ?? null;
    }
    if (!context.claimedConversations.has(conversationKey(message.companyId, message.contactPhone, number))) return at;
    return at && at > context.now ? at : context.now;
  }

  private async newContactsToday(manager: EntityManager, number: string, day: string, context: BatchContext): Promise<number> {
    const known = context.newContactsToday.get(number);
    if (known !== undefined) return known;
    const [row] = (await manager.query(`SELECT new_contacts FROM messaging.sender_number_days WHERE number = $1 AND day = $2`, [
      number,
      day,
    ])) as Array<{
      new_contacts: number;
    }>;
    const count = row?.new_contacts ?? 0;
    context.newContactsToday.set(number, count);
    return count;
  }
}
