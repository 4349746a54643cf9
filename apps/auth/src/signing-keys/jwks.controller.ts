import { Controller, Get, Header } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SigningKeysService } from './signing-keys.service';

@ApiTags('oauth')
@Controller('.well-known')
export class JwksController {
  constructor(private readonly keys: SigningKeysService) {}

  /** RFC 7517 key set: every key that may have signed a still-valid access token. */
  @Get('jwks.json')
  @Header('Cache-Control', 'public, max-age=300')
  async jwks() {
    return { keys: await this.keys.publicKeys() };
  }
}
