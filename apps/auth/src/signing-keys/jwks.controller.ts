import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiNoCredential } from '@suite/http';
import { JwksResponse, type PublicJwkResponse } from './dto/jwks.response';
import { SigningKeysService } from './signing-keys.service';

@ApiTags('oauth')
@Controller('.well-known')
export class JwksController {
  constructor(private readonly keys: SigningKeysService) {}

  /** RFC 7517 key set: every key that may have signed a still-valid access token. */
  @Get('jwks.json')
  @Header('Cache-Control', 'public, max-age=300')
  @ApiNoCredential()
  @ApiOperation({ summary: 'The public keys that verify access tokens (RFC 7517)' })
  @ApiOkResponse({ type: JwksResponse })
  async jwks(): Promise<JwksResponse> {
    return { keys: (await this.keys.publicKeys()) as PublicJwkResponse[] };
  }
}
