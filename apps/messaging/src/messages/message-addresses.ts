import type { MessageEntity } from './message.entity';

/**
 * The public `from_number` / `to` of a message. The row keeps the lead (`contact_phone`) and the
 * workspace's number (`from_number` column) whatever the direction; the API and the events say
 * who wrote to whom: outbound from the workspace number to the lead, inbound the other way.
 */
export function messageAddresses(row: Pick<MessageEntity, 'direction' | 'fromNumber' | 'contactPhone'>): {
  from_number: string | null;
  to: string | null;
} {
  return row.direction === 'inbound'
    ? { from_number: row.contactPhone, to: row.fromNumber }
    : { from_number: row.fromNumber, to: row.contactPhone };
}
