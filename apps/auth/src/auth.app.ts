import type { INestApplication } from '@nestjs/common';
import { APPS } from '@suite/contracts';
import { createApp } from '@suite/http';
import { loadEnvironment } from '@suite/config';
import { AppModule } from './app.module';
import { AuthEnvironment } from './auth-environment';
import { formatAuthError, AUTH_ERROR_BODY } from './errors/auth-error.formatter';

export const loadAuthEnvironment = (env: NodeJS.ProcessEnv = process.env) =>
  loadEnvironment(AuthEnvironment, env, { PORT: APPS['auth'].defaultPort });

/** Builds the auth app (not listening yet); used by main.ts, the embedded launcher and tests. */
export function createAuthApp(env: AuthEnvironment): Promise<INestApplication> {
  return createApp(AppModule.forRoot(env), {
    appName: APPS['auth'].name,
    formatError: formatAuthError,
    trustedProxies: env.TRUSTED_PROXIES,
    openApi: {
      title: 'Authorization server',
      description: 'OAuth 2.0 authorization code flow, token endpoints, personal access tokens and workspace API keys.',
      version: '1.0.0',
      security: ['bearer', 'internal-token'],
      errorBody: AUTH_ERROR_BODY,
    },
  });
}
