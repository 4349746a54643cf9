import { AppError } from '@suite/http';
import { contactKey } from '../contacts/contact-key';
import type { ContactForSend } from '../contacts/contacts.service';
import { decidePin } from '../sender-numbers/pin-decision';
import { NO_SENDER_NUMBER, type PinChange } from '../sender-numbers/sender-pinning.service';
import type { BatchOutcome } from '../shared/group-commit';
import type { MessageEntity } from './message.entity';
import { outboundMessageRow } from './message-rows';
import type { SendMessageInput } from './send-message.input';

/** One POST /v1/messages waiting in a batch. */
export interface QueuedSend {
  readonly companyId: string;
  readonly input: SendMessageInput;
  /** The caller's trace, taken when it submitted: the batch runs in another caller's context. */
  readonly traceparent: string | null;
}

/** What a batch of sends writes, and what each caller is answered. */
export interface SendBatchPlan {
  /** Per send, in order: its queued message, or why it was refused. */
  readonly outcomes: ReadonlyArray<BatchOutcome<MessageEntity>>;
  /** New and changed sender pins (first message, or the pinned number left the pool). */
  readonly pins: readonly PinChange[];
  /** The messages to insert, in the order of their sends. */
  readonly messages: readonly MessageEntity[];
  /** The trace of each message's send, in the order of `messages` (for its message.queued event). */
  readonly traceparents: ReadonlyArray<string | null>;
  /** Contacts the batch created whose every send was refused: removed again, so a refusal leaves nothing behind. */
  readonly unusedNewContacts: readonly ContactForSend[];
}

export const optedOutError = (phone: string) =>
  new AppError(
    'forbidden',
    `${phone} has opted out of messages from this workspace; nothing can be sent to it until it opts back in (by replying START).`,
  );

/**
 * Decides a batch of sends on the contacts as locked for it (ContactsService.lockAllForSend): the
 * opt-out check and the sticky sender, per send in arrival order, exactly as one send alone
 * would be decided — a contact is pinned once, by its first send, and the sends after it in the
 * batch keep that pin. Pure: ids and the time come from the caller.
 */
export function planSendBatch(
  sends: readonly QueuedSend[],
  contacts: ReadonlyMap<string, ContactForSend>,
  now: Date,
  newId: () => string,
): SendBatchPlan {
  const outcomes: Array<BatchOutcome<MessageEntity>> = [];
  const pins: PinChange[] = [];
  const messages: MessageEntity[] = [];
  const traceparents: Array<string | null> = [];
  const used = new Set<string>();
  const fromNumbers = new Map<string, string | null>();

  for (const { companyId, input, traceparent } of sends) {
    const key = contactKey(companyId, input.to);
    const contact = contacts.get(key);
    if (!contact) throw new Error(`planSendBatch: contact ${key} was not locked`);
    if (contact.optedOut) {
      outcomes.push({ ok: false, error: optedOutError(input.to) });
      continue;
    }
    if (!fromNumbers.has(key)) fromNumbers.set(key, pinOnce(contact, pins));
    const fromNumber = fromNumbers.get(key)!;
    if (fromNumber === null) {
      outcomes.push({ ok: false, error: new AppError('conflict', NO_SENDER_NUMBER) });
      continue;
    }
    const message = outboundMessageRow(
      {
        id: newId(),
        companyId,
        fromNumber,
        contactPhone: input.to,
        body: input.body,
        sender: input.sender,
        attachments: input.attachments,
        effect: input.effect,
      },
      now,
    );
    used.add(key);
    messages.push(message);
    traceparents.push(traceparent);
    outcomes.push({ ok: true, value: message });
  }
  const unusedNewContacts = [...contacts.entries()]
    .filter(([key, contact]) => contact.created && !used.has(key))
    .map(([, contact]) => contact);
  return { outcomes, pins, messages, traceparents, unusedNewContacts };
}

/** The contact's sender number for this batch (null: the workspace has none); records a pin change when there is one. */
function pinOnce(contact: ContactForSend, pins: PinChange[]): string | null {
  const decision = decidePin(
    { number: contact.pinnedFromNumber, active: contact.pinnedFromNumber !== null && contact.pinnedNumberActive },
    contact.phone,
    contact.activeNumbers,
  );
  switch (decision.kind) {
    case 'keep':
      return decision.number;
    case 'no_number':
      return null;
    case 'pin':
      pins.push({
        contact: { companyId: contact.companyId, phone: contact.phone, pinnedFromNumber: contact.pinnedFromNumber },
        number: decision.number,
        reason: decision.reason,
      });
      return decision.number;
  }
}
