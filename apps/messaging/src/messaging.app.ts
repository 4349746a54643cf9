import type { INestApplication } from '@nestjs/common';
import { APPS } from '@suite/contracts';
import { createApp } from '@suite/http';
import { loadEnvironment } from '@suite/config';
import { AppModule, type MessagingOverrides } from './app.module';
import { MessagingEnvironment } from './config/messaging-environment';
import { formatMessagingError, MESSAGING_ERROR_BODY } from './errors/messaging-error.formatter';

export const loadMessagingEnvironment = (env: NodeJS.ProcessEnv = process.env) =>
  loadEnvironment(MessagingEnvironment, env, { PORT: APPS['messaging'].defaultPort });

/**
 * Builds the messaging app (not listening yet); used by main.ts, the embedded launcher and tests.
 * `overrides` (a controllable clock, a recording carrier) is for tests and the bench only.
 */
export function createMessagingApp(env: MessagingEnvironment, overrides: MessagingOverrides = {}): Promise<INestApplication> {
  return createApp(AppModule.forRoot(env, overrides), {
    appName: APPS['messaging'].name,
    formatError: formatMessagingError,
    trustedProxies: env.TRUSTED_PROXIES,
    // An email send carries up to 10 MB of attachments as base64 (~13.4 MB) plus a 1M-character body.
    largeBodyRoutes: [{ path: '/v1/emails', limitBytes: 24 * 1024 * 1024 }],
    // Carrier signatures cover the bytes as sent: the callback route reads them unparsed.
    rawBodyRoutes: ['/v1/carrier/callbacks'],
    openApi: {
      title: 'Messaging API',
      description: 'Send iMessage, SMS and MMS to leads, follow conversations and contacts, send conversational email.',
      version: '1.0.0',
      security: ['api-key', 'internal-token'],
      errorBody: MESSAGING_ERROR_BODY,
      rateLimited: true,
    },
  });
}
