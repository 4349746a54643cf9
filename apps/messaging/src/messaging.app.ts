import type { INestApplication } from '@nestjs/common';
import { APPS } from '@suite/contracts';
import { createApp, type AppBuildOptions } from '@suite/http';
import { loadEnvironment } from '@suite/config';
import { AppModule } from './app.module';
import { formatMessagingError, MESSAGING_ERROR_BODY } from './errors/messaging-error.formatter';
import { MessagingEnvironment } from './messaging-environment';

export const loadMessagingEnvironment = (env: NodeJS.ProcessEnv = process.env) =>
  loadEnvironment(MessagingEnvironment, env, { PORT: APPS['messaging'].defaultPort });

/**
 * Builds the messaging app (not listening yet); used by main.ts, the embedded launcher and tests.
 * `build` is for test harnesses (a controllable clock, a recording carrier: providers overridden by
 * token, decision 0057); production passes none.
 */
export function createMessagingApp(env: MessagingEnvironment, build: AppBuildOptions = {}): Promise<INestApplication> {
  return createApp(AppModule.forRoot(env), {
    ...build,
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
