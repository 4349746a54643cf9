import { Module } from '@nestjs/common';
import { GrantsModule } from '../grants/grants.module';
import { TokenExchangeService } from '../login-as/token-exchange.service';
import { LoginUsersModule } from '../login-users/login-users.module';
import { OAuthClientsModule } from '../oauth-clients/oauth-clients.module';
import { SigningKeysModule } from '../signing-keys/signing-keys.module';
import { AccessTokenIssuer } from './access-token.issuer';
import { TokenController } from './token.controller';
import { TokensService } from './tokens.service';

@Module({
  imports: [GrantsModule, LoginUsersModule, OAuthClientsModule, SigningKeysModule],
  controllers: [TokenController],
  providers: [TokensService, AccessTokenIssuer, TokenExchangeService],
  exports: [AccessTokenIssuer],
})
export class TokensModule {}
