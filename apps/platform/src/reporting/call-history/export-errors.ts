import { applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiProperty, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import { ApiExceptionFilter, formatFailureEnvelope, type ErrorBodyFormatter } from '@suite/http';

/**
 * The export's 401 body, as the spec's export row fixes it: `{error, message, error_description}`
 * (the authorization server's shape) rather than the platform's `{success, message, errors}`.
 * Named `ApiError…` so the document rules (tools/docs/openapi-rules.spec.ts) accept it as a
 * route's own variant of the app's error body.
 */
export class ApiErrorExportUnauthorized {
  @ApiProperty({ enum: ['unauthorized'], example: 'unauthorized' })
  error!: string;

  @ApiProperty({ example: 'Missing bearer token.' })
  message!: string;

  @ApiProperty({ example: 'Missing bearer token.', description: 'The same sentence' })
  error_description!: string;
}

/** 401 in the export's own body; every other failure in the platform's. */
export const formatExportError: ErrorBodyFormatter = (failure) =>
  failure.status === 401
    ? { body: { error: 'unauthorized', message: failure.message, error_description: failure.message } }
    : formatFailureEnvelope(failure);

/**
 * The export route's exception filter: the app's filter with the formatter above. A route filter
 * also catches what the route's guards throw, so the bearer guard's 401 takes this shape here only.
 */
export const exportErrorFilter = () => new ApiExceptionFilter(formatExportError);

/** Documents the 401 in that body; listed above @RequirePermission, it replaces that decorator's 401. */
export const ApiExportUnauthorized = () =>
  applyDecorators(
    ApiExtraModels(ApiErrorExportUnauthorized),
    ApiResponse({
      status: 401,
      description: 'Missing or refused bearer token — in this route’s own body `{error, message, error_description}`.',
      content: { 'application/json': { schema: { $ref: getSchemaPath(ApiErrorExportUnauthorized) } } },
    }),
  );
