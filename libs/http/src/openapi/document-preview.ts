import type { INestApplication } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { AsyncLocalStorage } from 'node:async_hooks';

interface Preview {
  document?: OpenAPIObject;
}

const previews = new AsyncLocalStorage<Preview>();

/**
 * An app's OpenAPI document without a database, a broker or a port: runs the app's own factory
 * (`() => createMessagingApp(env)`) with createApp in Nest's preview mode — modules scanned,
 * no provider instantiated — so the document is built from the same module and the same options
 * as the running app's `/docs-json`. Used to generate typed clients in the unit tests.
 */
export async function openApiDocumentOf(create: () => Promise<INestApplication>): Promise<OpenAPIObject> {
  const preview: Preview = {};
  const app = await previews.run(preview, create);
  await app.close();
  if (!preview.document) throw new Error('openApiDocumentOf: the factory did not build its app with createApp.');
  return preview.document;
}

/** Set while createApp runs inside openApiDocumentOf: build the document and nothing else. */
export const documentPreview = (): Preview | undefined => previews.getStore();
