import type { OpenAPIObject, OperationObject, PathItemObject } from '@nestjs/swagger';
import { API_ERROR_REF, API_ERROR_SCHEMA_NAME, apiErrorContent, type ErrorBodySchema } from './api-error-schema';
import { ERROR_REASONS, type ErrorStatus } from './api-errors.decorator';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/**
 * The answers any route of any app can give before or around its own code (decision 0022), so
 * every operation documents them without a decorator: 400 (the edge check on every path
 * parameter and query value, a bad percent-encoding, a malformed body), 413 and 415 where a
 * body is read, 414 where the path has a parameter, 500 (a bug, shown only as an error id).
 */
function edgeErrors(path: string, operation: OperationObject): ErrorStatus[] {
  return [400, ...(operation.requestBody ? ([413, 415] as const) : []), ...(path.includes('{') ? ([414] as const) : []), 500];
}

/**
 * Puts the app's error body into its document as `ApiError` and adds the edge errors to every
 * operation (keeping a route's own description of the same status). An app that has not
 * declared its error body yet shows no error answers at all — the ones shared decorators put on
 * its routes are taken out — rather than answers that point at a schema its document lacks.
 */
export function withErrorAnswers(document: OpenAPIObject, errorBody: ErrorBodySchema | undefined): OpenAPIObject {
  if (errorBody) {
    document.components = {
      ...document.components,
      schemas: { ...document.components?.schemas, [API_ERROR_SCHEMA_NAME]: errorBody },
    };
  }
  for (const [path, item] of Object.entries(document.paths) as Array<[string, PathItemObject]>) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      if (!errorBody) {
        for (const [status, response] of Object.entries(operation.responses)) {
          if (JSON.stringify(response).includes(API_ERROR_REF)) delete operation.responses[status];
        }
        continue;
      }
      for (const status of edgeErrors(path, operation)) {
        operation.responses[status] ??= { description: ERROR_REASONS[status], content: apiErrorContent() };
      }
    }
  }
  return document;
}
