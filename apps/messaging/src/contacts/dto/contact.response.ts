import { ApiProperty } from '@nestjs/swagger';
import { CONTACT_CAPABILITIES, type ContactCapability, type ContactEntity } from '../contact.entity';

/** GET /v1/contacts/{phone}: the spec's `phone` and `first_name` first, then channel and opt-out state. */
export class ContactResponse {
  @ApiProperty({ description: 'E.164' }) phone!: string;
  @ApiProperty({ type: String, nullable: true }) first_name!: string | null;
  @ApiProperty({
    enum: CONTACT_CAPABILITIES,
    nullable: true,
    description:
      'what the phone can receive, best channel first: imessage, mms (SMS and MMS), sms (text only), none (unreachable); ' +
      'null until the scheduler first looks it up',
  })
  channel!: ContactCapability | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) channel_checked_at!: string | null;
  @ApiProperty() opted_out!: boolean;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) opted_out_at!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'the keyword the contact opted out with' }) opted_out_keyword!:
    string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) opted_in_at!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'the workspace number this conversation is pinned to' })
  sender_number!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) last_outbound_at!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) last_inbound_at!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

export const mapContact = (contact: ContactEntity): ContactResponse => ({
  phone: contact.phone,
  first_name: contact.firstName,
  channel: contact.capability,
  channel_checked_at: iso(contact.capabilityCheckedAt),
  opted_out: contact.optedOut,
  opted_out_at: iso(contact.optedOutAt),
  opted_out_keyword: contact.optedOutKeyword,
  opted_in_at: iso(contact.optedInAt),
  sender_number: contact.pinnedFromNumber,
  last_outbound_at: iso(contact.lastOutboundAt),
  last_inbound_at: iso(contact.lastInboundAt),
  created_at: contact.createdAt.toISOString(),
});
