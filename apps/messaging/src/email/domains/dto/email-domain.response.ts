import { ApiProperty } from '@nestjs/swagger';
import type { EmailDomainEntity } from '../email-domain.entity';

export class EmailDomainResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'mail.acme.test' }) name!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

export class EmailDomainListResponse {
  @ApiProperty({ type: [EmailDomainResponse] }) domains!: EmailDomainResponse[];
}

export const mapEmailDomain = (domain: EmailDomainEntity): EmailDomainResponse => ({
  id: domain.id,
  name: domain.name,
  created_at: domain.createdAt.toISOString(),
});
