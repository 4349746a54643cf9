import type { INestApplication } from '@nestjs/common';
import { SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';

export type { OpenApiOptions } from './openapi-document';

/** Serves the app's OpenAPI document at /docs (UI) and /docs-json (the document itself), built on first request. */
export function setupOpenApi(app: INestApplication, document: () => OpenAPIObject): void {
  SwaggerModule.setup('docs', app, document, {
    jsonDocumentUrl: 'docs-json',
    yamlDocumentUrl: 'docs-yaml',
  });
}
