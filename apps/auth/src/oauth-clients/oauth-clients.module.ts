import { Module } from '@nestjs/common';
import { GrantsModule } from '../grants/grants.module';
import { InternalOAuthClientsController } from './internal-oauth-clients.controller';
import { OAuthClientsController } from './oauth-clients.controller';
import { OAuthClientsService } from './oauth-clients.service';

@Module({
  imports: [GrantsModule],
  controllers: [InternalOAuthClientsController, OAuthClientsController],
  providers: [OAuthClientsService],
  exports: [OAuthClientsService],
})
export class OAuthClientsModule {}
