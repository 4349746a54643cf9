import { Module } from '@nestjs/common';
import { LoginUsersModule } from '../login-users/login-users.module';
import { OAuthClientsModule } from '../oauth-clients/oauth-clients.module';
import { AuthorizationController } from './authorization.controller';
import { AuthorizationService } from './authorization.service';
import { LoginChoiceRedemptions } from './login-choice-redemptions';

@Module({
  imports: [LoginUsersModule, OAuthClientsModule],
  controllers: [AuthorizationController],
  providers: [AuthorizationService, LoginChoiceRedemptions],
})
export class AuthorizationModule {}
