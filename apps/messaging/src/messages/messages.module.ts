import { Module } from '@nestjs/common';
import { ContactsModule } from '../contacts/contacts.module';
import { SenderNumbersModule } from '../sender-numbers/sender-numbers.module';
import { ReleaseWake } from '../release-scheduler/release-wake';
import { ReleaseWakeAfterCommit } from '../release-scheduler/release-wake-after-commit';
import { MessageEventsWriter } from './message-events.writer';
import { MessagesController } from './messages.controller';
import { MessagesService } from './messages.service';
import { SendBatchWriter } from './send-batch.writer';
import { SendMessageService } from './send-message.service';
import { SendMetrics } from './send-metrics';

@Module({
  imports: [ContactsModule, SenderNumbersModule],
  controllers: [MessagesController],
  providers: [
    SendMessageService,
    SendBatchWriter,
    SendMetrics,
    MessagesService,
    MessageEventsWriter,
    ReleaseWake,
    ReleaseWakeAfterCommit,
  ],
  exports: [MessageEventsWriter, MessagesService, ReleaseWake, SendMessageService],
})
export class MessagesModule {}
