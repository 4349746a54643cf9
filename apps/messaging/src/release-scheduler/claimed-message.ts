import type { PhoneCapability, SenderProvider } from '../carrier/carrier.port';

/** What the claim transaction hands to the hand-off: enough to find the row again and send it. */
export interface ClaimedMessage {
  readonly id: string;
  readonly companyId: string;
  readonly contactPhone: string;
  /** The sender number the claim reserved a slot of (the pace gate's marker). */
  readonly fromNumber: string;
  /** Whose number it is: the hand-off sends only if the channel's provider sends from that kind. */
  readonly senderProvider: SenderProvider;
  /** The attempt this claim is (messages.send_attempts after the claim): the hand-off's claim token. */
  readonly attempt: number;
  /** When it became due: the latency metric measures from here. */
  readonly dueAt: Date;
  /** The workspace's per-second rate when claimed: the pace gate spaces the number's hand-offs by it. */
  readonly perSecondRate: number;
  /** The contact's stored capability when the claim read the contact and it was fresh; null: ask the carrier. */
  readonly cachedCapability: PhoneCapability | null;
}
