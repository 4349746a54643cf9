import { Module } from '@nestjs/common';
import { InternalSenderNumbersController } from './internal-sender-numbers.controller';
import { PhoneNumberPoolHandler } from './phone-number-pool.handler';
import { SenderNumbersService } from './sender-numbers.service';
import { SenderPinningService } from './sender-pinning.service';

@Module({
  controllers: [InternalSenderNumbersController],
  // PhoneNumberPoolHandler: the platform's phone_number.purchased / released (EventingModule finds its @OnEvent methods).
  providers: [SenderNumbersService, SenderPinningService, PhoneNumberPoolHandler],
  exports: [SenderNumbersService, SenderPinningService],
})
export class SenderNumbersModule {}
