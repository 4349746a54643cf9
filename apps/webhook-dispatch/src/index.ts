export { createWebhookDispatchApp, loadWebhookDispatchEnvironment } from './webhook-dispatch.app';
export { WEBHOOK_DISPATCH_ENTITIES } from './app.module';
export { webhookDispatchMigrations } from './database/migrations';
export { WebhookDispatchEnvironment } from './webhook-dispatch-environment';
