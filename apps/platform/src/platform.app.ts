import type { INestApplication } from '@nestjs/common';
import { APPS } from '@suite/contracts';
import { createApp, FAILURE_ENVELOPE_BODY, formatFailureEnvelope, type AppBuildOptions } from '@suite/http';
import { loadEnvironment } from '@suite/config';
import { AppModule } from './app.module';
import { VOICE_CALLBACKS_PATH } from './voice';
import { PlatformEnvironment } from './platform-environment';
import { PACKAGE_FILE_FIELD, PACKAGE_FILE_MAX_BYTES, PACKAGE_IMPORT_PATHS } from './workflows';

export const loadPlatformEnvironment = (env: NodeJS.ProcessEnv = process.env) =>
  loadEnvironment(PlatformEnvironment, env, { PORT: APPS.platform.defaultPort });

/**
 * Builds the platform app (not listening yet); used by main.ts, the embedded launcher and tests.
 * `build` is for test harnesses (providers overridden by token, decision 0057); production passes none.
 */
export function createPlatformApp(env: PlatformEnvironment, build: AppBuildOptions = {}): Promise<INestApplication> {
  return createApp(AppModule.forRoot(env), {
    ...build,
    appName: APPS.platform.name,
    formatError: formatFailureEnvelope,
    trustedProxies: env.TRUSTED_PROXIES,
    // The voice provider's signature covers the bytes as sent: that path's body stays unparsed.
    rawBodyRoutes: [VOICE_CALLBACKS_PATH],
    // A workflow package may also be uploaded as a file; every other route reads JSON only.
    fileUploads: { routes: PACKAGE_IMPORT_PATHS, field: PACKAGE_FILE_FIELD, maxFileBytes: PACKAGE_FILE_MAX_BYTES },
    openApi: {
      title: 'Platform API',
      description: 'Companies, users, roles, teams, workflows, pipelines, phone numbers and dashboards.',
      version: '1.0.0',
      security: ['bearer', 'internal-token'],
      errorBody: FAILURE_ENVELOPE_BODY,
      rateLimited: true,
    },
  });
}
