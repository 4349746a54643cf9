import { Module } from '@nestjs/common';
import { LoginAsService } from './login-as.service';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

@Module({
  controllers: [UsersController],
  providers: [UsersService, LoginAsService],
  exports: [UsersService],
})
export class UsersModule {}
