import { Module } from '@nestjs/common';
import { InternalSenderNumbersController } from './internal-sender-numbers.controller';
import { SenderNumbersService } from './sender-numbers.service';
import { SenderPinningService } from './sender-pinning.service';

@Module({
  controllers: [InternalSenderNumbersController],
  providers: [SenderNumbersService, SenderPinningService],
  exports: [SenderNumbersService, SenderPinningService],
})
export class SenderNumbersModule {}
