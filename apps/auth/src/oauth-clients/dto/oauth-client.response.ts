import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { OAuthClientEntity } from '../oauth-client.entity';

export class OAuthClientResponse {
  @ApiProperty() client_id!: string;
  @ApiProperty({ example: 'Acme CRM' }) name!: string;
  @ApiProperty({ example: 'https://crm.example.com/oauth/callback' }) redirect_uri!: string;
  @ApiProperty() confidential!: boolean;
  @ApiProperty({ example: '42' }) company_id!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

/** The answer to registering a client: a confidential client's secret, in this answer only. */
export class CreatedOAuthClientResponse extends OAuthClientResponse {
  @ApiPropertyOptional({ description: 'Confidential clients only. Shown only in this answer; store it now.' })
  client_secret?: string;
}

/** The answer to rotating a secret: the new one, in this answer only. */
export class RotatedOAuthClientResponse extends OAuthClientResponse {
  @ApiProperty({ description: 'The new secret; the old one no longer works. Shown only in this answer.' })
  client_secret!: string;
}

export class OAuthClientListResponse {
  @ApiProperty({ type: [OAuthClientResponse] }) clients!: OAuthClientResponse[];
}

/** Never includes the secret or its digest. */
export const mapOAuthClient = (client: OAuthClientEntity): OAuthClientResponse => ({
  client_id: client.clientId,
  name: client.name,
  redirect_uri: client.redirectUri,
  confidential: client.confidential,
  company_id: String(client.companyId),
  created_at: client.createdAt.toISOString(),
});
