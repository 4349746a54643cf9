import { emailAddress } from '../../shared/sender-address';
import type { EmailMailboxEntity } from '../email-mailbox.entity';

export interface EmailMailboxResponse {
  id: string;
  domain_id: string;
  local_part: string;
  display_name: string | null;
  address: string;
  created_at: string;
}

export const mapEmailMailbox = (mailbox: EmailMailboxEntity, domainName: string): EmailMailboxResponse => ({
  id: mailbox.id,
  domain_id: mailbox.domainId,
  local_part: mailbox.localPart,
  display_name: mailbox.displayName,
  address: emailAddress(mailbox.localPart, domainName),
  created_at: mailbox.createdAt.toISOString(),
});
