export { createMessagingApp, loadMessagingEnvironment } from './messaging.app';
export { MESSAGING_ENTITIES } from './app.module';
export { messagingMigrations } from './database/migrations';
export { MessagingEnvironment } from './config/messaging-environment';
