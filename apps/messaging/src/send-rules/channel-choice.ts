import type { CarrierChannel, PhoneCapability } from '../carrier/carrier.port';

/** What a message goes out as; `no_channel` when nothing the carrier offers reaches the number. */
export type ChannelChoice = CarrierChannel | 'no_channel';

/**
 * Blue bubble first: iMessage whenever the phone has it (attachments ride along). Otherwise MMS
 * for a message with attachments, SMS for text. A message with attachments to a phone that
 * takes SMS but not MMS goes as SMS with the attachments' links appended (bodyForChannel): the
 * attachments are https URLs the person can open, so the message still says everything, where
 * no_channel would refuse a reachable person and dropping the attachments would lose content.
 * Nothing reachable (a landline) → no_channel.
 */
export function chooseChannel(capability: PhoneCapability, hasAttachments: boolean): ChannelChoice {
  if (capability.imessage) return 'imessage';
  if (hasAttachments && capability.mms) return 'mms';
  if (capability.sms) return 'sms';
  return 'no_channel';
}

/** Message effects (slam, confetti, ...) exist only in iMessage; on SMS/MMS they are kept on the record, not sent. */
export function effectApplies(channel: ChannelChoice): boolean {
  return channel === 'imessage';
}

/** The text handed to the carrier: for SMS, attachments become links on lines of their own. */
export function bodyForChannel(channel: CarrierChannel, body: string, attachments: readonly string[]): string {
  if (channel !== 'sms' || attachments.length === 0) return body;
  return [body, ...attachments].join('\n');
}
