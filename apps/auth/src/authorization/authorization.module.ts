import { Module } from '@nestjs/common';
import { LoginUsersModule } from '../login-users/login-users.module';
import { OAuthClientsModule } from '../oauth-clients/oauth-clients.module';
import { AuthorizationController } from './authorization.controller';
import { AuthorizationService } from './authorization.service';

@Module({
  imports: [LoginUsersModule, OAuthClientsModule],
  controllers: [AuthorizationController],
  providers: [AuthorizationService],
})
export class AuthorizationModule {}
