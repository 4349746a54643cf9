import type { INestApplication } from '@nestjs/common';
import { APPS } from '@suite/contracts';
import { createApp, FAILURE_ENVELOPE_BODY, formatFailureEnvelope, type AppBuildOptions } from '@suite/http';
import { loadEnvironment } from '@suite/config';
import { AppModule } from './app.module';
import { WebhookDispatchEnvironment } from './webhook-dispatch-environment';

export const loadWebhookDispatchEnvironment = (env: NodeJS.ProcessEnv = process.env) =>
  loadEnvironment(WebhookDispatchEnvironment, env, { PORT: APPS['webhook-dispatch'].defaultPort });

/**
 * Builds the webhook-dispatch app (not listening yet); used by main.ts, the embedded launcher and tests.
 * `build` is for test harnesses (a target resolver of their own: providers overridden by token,
 * decision 0057); production passes none.
 */
export function createWebhookDispatchApp(
  env: WebhookDispatchEnvironment,
  build: AppBuildOptions = {},
): Promise<INestApplication> {
  return createApp(AppModule.forRoot(env), {
    ...build,
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
