import { Module } from '@nestjs/common';
import { LoginThrottleService } from './login-throttle.service';
import { LoginUserReplicaHandler } from './login-user-replica.handler';
import { LoginUsersService } from './login-users.service';

@Module({
  providers: [LoginUsersService, LoginUserReplicaHandler, LoginThrottleService],
  exports: [LoginUsersService, LoginUserReplicaHandler, LoginThrottleService],
})
export class LoginUsersModule {}
