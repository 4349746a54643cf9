import { ApiProperty } from '@nestjs/swagger';
import { emailAddress } from '../../shared/sender-address';
import type { EmailMailboxEntity } from '../email-mailbox.entity';

export class EmailMailboxResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) domain_id!: string;
  @ApiProperty({ example: 'sales' }) local_part!: string;
  @ApiProperty({ type: String, nullable: true, example: 'Acme Sales' }) display_name!: string | null;
  @ApiProperty({ example: 'sales@mail.acme.test' }) address!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

export class EmailMailboxListResponse {
  @ApiProperty({ type: [EmailMailboxResponse] }) mailboxes!: EmailMailboxResponse[];
}

export const mapEmailMailbox = (mailbox: EmailMailboxEntity, domainName: string): EmailMailboxResponse => ({
  id: mailbox.id,
  domain_id: mailbox.domainId,
  local_part: mailbox.localPart,
  display_name: mailbox.displayName,
  address: emailAddress(mailbox.localPart, domainName),
  created_at: mailbox.createdAt.toISOString(),
});
