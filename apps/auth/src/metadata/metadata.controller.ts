import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { FULL_ACCESS_SCOPE, PERMISSIONS } from '@suite/contracts';
import { ApiNoCredential } from '@suite/http';
import { BaseEnvironment } from '@suite/config';
import { issuerOf } from '../shared/issuer';
import { AuthorizationServerMetadataResponse } from './dto/authorization-server-metadata.response';

/** RFC 8414 authorization server metadata. */
@ApiTags('oauth')
@Controller('.well-known')
export class MetadataController {
  private readonly metadata: AuthorizationServerMetadataResponse;

  constructor(env: BaseEnvironment) {
    const issuer = issuerOf(env);
    this.metadata = {
      issuer,
      authorization_endpoint: `${issuer}/login/oauth/authorize`,
      token_endpoint: `${issuer}/oauth/token`,
      jwks_uri: `${issuer}/.well-known/jwks.json`,
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic', 'none'],
      scopes_supported: [FULL_ACCESS_SCOPE, ...PERMISSIONS],
      // RFC 9207: the redirect back carries `iss`, so a client can tell servers apart (mix-up).
      authorization_response_iss_parameter_supported: true,
    };
  }

  @Get('oauth-authorization-server')
  @Header('Cache-Control', 'public, max-age=300')
  @ApiNoCredential()
  @ApiOperation({ summary: 'Authorization server metadata (RFC 8414)' })
  @ApiOkResponse({ type: AuthorizationServerMetadataResponse })
  get(): AuthorizationServerMetadataResponse {
    return this.metadata;
  }
}
