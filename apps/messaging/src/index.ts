export { createMessagingApp, loadMessagingEnvironment } from './messaging.app';
export { MESSAGING_ENTITIES } from './app.module';
export { messagingMigrations } from './database/migrations';
export { MessagingEnvironment } from './messaging-environment';
// tools/admin seed-demo writes backdated texts with their events through messaging's own entity and writer.
export { MessageEntity } from './messages/message.entity';
export { MessageEventsWriter } from './messages/message-events.writer';
export { SenderNumbersService } from './sender-numbers/sender-numbers.service';
export { mapSenderNumber, type SenderNumberResponse } from './sender-numbers/dto/sender-number.dto';
export { normalizePhone } from '@suite/http';
export type { SenderProvider } from './carrier/carrier.port';
