import type { CarrierChannel, CarrierSendRequest } from '../carrier/carrier.port';
import type { MessageEntity } from '../messages/message.entity';
import { bodyForChannel, effectApplies } from '../send-rules/channel-choice';

/**
 * What the carrier is handed for `row` on `channel` from `from`: the scheduler's hand-off, the
 * lookup of a lost one and the SMS resend build it alike. The effect stays on the record whatever
 * the channel; only iMessage carries it.
 */
export function carrierSendRequest(row: MessageEntity, channel: CarrierChannel, from: string): CarrierSendRequest {
  return {
    messageId: row.id,
    from,
    to: row.contactPhone,
    channel,
    body: bodyForChannel(channel, row.body, row.attachments),
    attachments: row.attachments,
    effect: effectApplies(channel) ? row.effect : null,
  };
}
