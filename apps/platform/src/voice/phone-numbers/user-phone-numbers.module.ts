import { Global, Module } from '@nestjs/common';
import { USER_PHONE_NUMBERS } from '../../directory';
import { PhoneNumberEntity } from './phone-number.entity';

/** Hands the directory the entity its users' `ext_phone` ids are checked against (directory/users/user-phone-numbers.ts). */
@Global()
@Module({
  providers: [{ provide: USER_PHONE_NUMBERS, useValue: PhoneNumberEntity }],
  exports: [USER_PHONE_NUMBERS],
})
export class UserPhoneNumbersModule {}
