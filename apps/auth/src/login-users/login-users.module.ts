import { Module } from '@nestjs/common';
import { LoginUserReplicaHandler } from './login-user-replica.handler';
import { LoginUsersService } from './login-users.service';

@Module({ providers: [LoginUsersService, LoginUserReplicaHandler], exports: [LoginUsersService, LoginUserReplicaHandler] })
export class LoginUsersModule {}
