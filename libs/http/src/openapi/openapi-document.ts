import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import type { ErrorBodySchema } from './api-error-schema';
import { withErrorAnswers } from './error-answers';
import { withNullInNullableEnums } from './nullable-enums';
import { withRateLimitAnswers } from './rate-limit-answers';

export interface OpenApiOptions {
  title: string;
  description: string;
  version: string;
  /** Security schemes the app's routes declare with @ApiBearerAuth / @ApiSecurity. */
  security?: Array<'bearer' | 'api-key' | 'internal-token'>;
  /**
   * The app's error body (what its ErrorBodyFormatter writes), shown as `ApiError` and referred
   * to by every error answer. Declaring it also holds the app to its document in the integration
   * tests (decision 0026). Without it the document has no error answers.
   */
  errorBody?: ErrorBodySchema;
  /**
   * The app limits requests per credential (decision 0045): its credentialed operations document
   * the 429 answer and the RateLimit fields. Needs `errorBody`.
   */
  rateLimited?: boolean;
}

/** The app's OpenAPI document: what its controllers declare, plus its error body and the errors every route can give. */
export function buildOpenApiDocument(app: INestApplication, options: OpenApiOptions): OpenAPIObject {
  let builder = new DocumentBuilder()
    .setTitle(options.title)
    .setDescription(options.description)
    .setVersion(options.version)
    // Relative: the app answers at the address its document was fetched from, whichever that is
    // (`npm start`'s port, the gateway's host); the paths are absolute (`/v1/...`, `/api/...`).
    .addServer('/', 'This app, at the address this document was fetched from');
  for (const scheme of options.security ?? []) {
    if (scheme === 'bearer') builder = builder.addBearerAuth();
    if (scheme === 'api-key') builder = builder.addApiKey({ type: 'apiKey', in: 'header', name: 'x-api-key' }, 'api-key');
    if (scheme === 'internal-token') {
      builder = builder.addApiKey({ type: 'apiKey', in: 'header', name: 'x-internal-token' }, 'internal-token');
    }
  }
  const document = withErrorAnswers(SwaggerModule.createDocument(app, builder.build()), options.errorBody);
  return withNullInNullableEnums(options.rateLimited && options.errorBody ? withRateLimitAnswers(document) : document);
}
