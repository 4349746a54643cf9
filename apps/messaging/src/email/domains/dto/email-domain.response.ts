import type { EmailDomainEntity } from '../email-domain.entity';

export interface EmailDomainResponse {
  id: string;
  name: string;
  created_at: string;
}

export const mapEmailDomain = (domain: EmailDomainEntity): EmailDomainResponse => ({
  id: domain.id,
  name: domain.name,
  created_at: domain.createdAt.toISOString(),
});
