import { Module } from '@nestjs/common';
import { LoginThrottleService } from './login-throttle.service';
import { LoginUserReplicaHandler } from './login-user-replica.handler';
import { LoginUsersService } from './login-users.service';
import { SignInAttempts } from './sign-in-attempts';

@Module({
  providers: [LoginUsersService, LoginUserReplicaHandler, LoginThrottleService, SignInAttempts],
  exports: [LoginUsersService, LoginUserReplicaHandler, LoginThrottleService, SignInAttempts],
})
export class LoginUsersModule {}
