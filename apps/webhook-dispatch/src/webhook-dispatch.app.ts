import type { INestApplication } from '@nestjs/common';
import { APPS } from '@suite/contracts';
import { createApp, FAILURE_ENVELOPE_BODY, formatFailureEnvelope } from '@suite/http';
import { loadEnvironment } from '@suite/config';
import { AppModule, type WebhookDispatchOverrides } from './app.module';
import { WebhookDispatchEnvironment } from './config/webhook-dispatch-environment';

export const loadWebhookDispatchEnvironment = (env: NodeJS.ProcessEnv = process.env) =>
  loadEnvironment(WebhookDispatchEnvironment, env, { PORT: APPS['webhook-dispatch'].defaultPort });

/** Builds the webhook-dispatch app (not listening yet); used by main.ts, the embedded launcher and tests. */
export function createWebhookDispatchApp(
  env: WebhookDispatchEnvironment,
  overrides: WebhookDispatchOverrides = {},
): Promise<INestApplication> {
  return createApp(AppModule.forRoot(env, overrides), {
    appName: APPS['webhook-dispatch'].name,
    formatError: formatFailureEnvelope,
    trustedProxies: env.TRUSTED_PROXIES,
    openApi: {
      title: 'Webhooks API',
      description: 'Webhook subscriptions, deliveries and attempts.',
      version: '1.0.0',
      security: ['bearer'],
      errorBody: FAILURE_ENVELOPE_BODY,
      rateLimited: true,
    },
  });
}
