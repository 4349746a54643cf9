import { ApiProperty } from '@nestjs/swagger';

/** RFC 8414 §2, the fields this server publishes. */
export class AuthorizationServerMetadataResponse {
  @ApiProperty({ format: 'uri' }) issuer!: string;
  @ApiProperty({ format: 'uri' }) authorization_endpoint!: string;
  @ApiProperty({ format: 'uri' }) token_endpoint!: string;
  @ApiProperty({ format: 'uri' }) jwks_uri!: string;
  @ApiProperty({ type: [String], example: ['code'] }) response_types_supported!: string[];
  @ApiProperty({ type: [String], example: ['query'] }) response_modes_supported!: string[];
  @ApiProperty({ type: [String], example: ['authorization_code', 'refresh_token'] }) grant_types_supported!: string[];
  @ApiProperty({ type: [String], example: ['S256'] }) code_challenge_methods_supported!: string[];
  @ApiProperty({ type: [String] }) token_endpoint_auth_methods_supported!: string[];
  @ApiProperty({ type: [String], description: '`*` and the permission names' }) scopes_supported!: string[];
  @ApiProperty({ description: 'RFC 9207: redirects carry `iss`' }) authorization_response_iss_parameter_supported!: boolean;
}
