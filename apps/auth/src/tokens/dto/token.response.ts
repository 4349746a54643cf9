import { ApiProperty } from '@nestjs/swagger';
import { ACCESS_TOKEN_TOKEN_TYPE } from '@suite/contracts';
import type { TokenExchangeResponse } from '../../login-as/token-exchange.service';
import type { TokenResponse } from '../tokens.service';

/** The spec's token response (RFC 6749 §5.1), from the authorization_code and refresh_token grants. */
export class IssuedTokensResponse implements TokenResponse {
  @ApiProperty({ description: 'ES256 JWT access token (RFC 9068)' }) access_token!: string;
  @ApiProperty({ enum: ['Bearer'] }) token_type!: 'Bearer';
  @ApiProperty({ type: 'integer', description: 'seconds until the access token expires', example: 3600 }) expires_in!: number;
  @ApiProperty({ description: 'single use: each refresh answers a new one' }) refresh_token!: string;
  @ApiProperty({ description: 'space-separated granted scopes', example: '*' }) scope!: string;
}

/** RFC 8693 §2.2.1: login-as, for internal callers (the platform) only. */
export class ExchangedTokenResponse implements TokenExchangeResponse {
  @ApiProperty({ description: 'a short-lived access token for the target user, naming the caller as actor' })
  access_token!: string;
  @ApiProperty({ enum: [ACCESS_TOKEN_TOKEN_TYPE] }) issued_token_type!: typeof ACCESS_TOKEN_TOKEN_TYPE;
  @ApiProperty({ enum: ['Bearer'] }) token_type!: 'Bearer';
  @ApiProperty({ type: 'integer', example: 300 }) expires_in!: number;
  @ApiProperty({ example: '*' }) scope!: string;
}
