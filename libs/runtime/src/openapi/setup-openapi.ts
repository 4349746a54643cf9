import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';

export interface OpenApiOptions {
  title: string;
  description: string;
  version: string;
  /** Security schemes the app's routes declare with @ApiBearerAuth / @ApiSecurity. */
  security?: Array<'bearer' | 'api-key' | 'internal-token'>;
}

/** Serves the app's OpenAPI document at /docs (UI) and /docs-json (the document itself). */
export function setupOpenApi(app: INestApplication, options: OpenApiOptions): void {
  let builder = new DocumentBuilder().setTitle(options.title).setDescription(options.description).setVersion(options.version);
  for (const scheme of options.security ?? []) {
    if (scheme === 'bearer') builder = builder.addBearerAuth();
    if (scheme === 'api-key') builder = builder.addApiKey({ type: 'apiKey', in: 'header', name: 'x-api-key' }, 'api-key');
    if (scheme === 'internal-token') {
      builder = builder.addApiKey({ type: 'apiKey', in: 'header', name: 'x-internal-token' }, 'internal-token');
    }
  }
  const config = builder.build();
  SwaggerModule.setup('docs', app, () => SwaggerModule.createDocument(app, config), {
    jsonDocumentUrl: 'docs-json',
    yamlDocumentUrl: 'docs-yaml',
  });
}
