import type { OAuthClientEntity } from '../oauth-client.entity';

export interface OAuthClientResponse {
  client_id: string;
  name: string;
  redirect_uri: string;
  confidential: boolean;
  company_id: string;
  created_at: string;
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
