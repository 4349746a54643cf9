import type { OpenAPIObject } from '@nestjs/swagger';
import type { AppName } from '@suite/contracts';
import { createAuthApp, loadAuthEnvironment } from '@suite/auth-app';
import { createMessagingApp, loadMessagingEnvironment } from '@suite/messaging-app';
import { createPlatformApp, loadPlatformEnvironment } from '@suite/platform-app';
import { createWebhookDispatchApp, loadWebhookDispatchEnvironment } from '@suite/webhook-dispatch-app';
import { openApiDocumentOf } from '@suite/http';

/**
 * The environment the documents are built with: nothing is connected (preview), but every
 * route an app can mount is there — the sandbox carrier's too.
 */
const PREVIEW_ENV: NodeJS.ProcessEnv = {
  DATABASE_URL: 'postgres://preview@127.0.0.1:1/preview',
  LOG_LEVEL: 'silent',
  MESSAGING_CARRIER: 'sandbox',
  INTERNAL_API_TOKEN: 'x'.repeat(40),
};

const FACTORIES: Record<AppName, () => Promise<import('@nestjs/common').INestApplication>> = {
  messaging: () => createMessagingApp(loadMessagingEnvironment(PREVIEW_ENV)),
  auth: () => createAuthApp(loadAuthEnvironment(PREVIEW_ENV)),
  platform: () => createPlatformApp(loadPlatformEnvironment(PREVIEW_ENV)),
  'webhook-dispatch': () => createWebhookDispatchApp(loadWebhookDispatchEnvironment(PREVIEW_ENV)),
};

export const APP_NAMES = Object.keys(FACTORIES) as AppName[];

/** An app's OpenAPI document as its `/docs-json` serves it, built without a database (Nest's preview mode). */
export const appDocument = (app: AppName): Promise<OpenAPIObject> => openApiDocumentOf(FACTORIES[app]);
