import type { ContentObject, SchemaObject } from '@nestjs/swagger';

/**
 * Every error answer of an app points at one component of that app's own document, `ApiError`,
 * whose schema the app declares once (`OpenApiOptions.errorBody`): messaging's `{error}`, auth's
 * OAuth body, platform's and webhooks' `{success: false, message, errors}`. So `@ApiErrors(404)`
 * reads the same in every app, each document shows its API's own shape, and a generated client
 * gets one named type for every failure of that API.
 */
export const API_ERROR_SCHEMA_NAME = 'ApiError';

export const API_ERROR_REF = `#/components/schemas/${API_ERROR_SCHEMA_NAME}`;

/** The JSON content of an error answer, for a response that also has other media types (an HTML page). */
export const apiErrorContent = (): ContentObject => ({ 'application/json': { schema: { $ref: API_ERROR_REF } } });

/** The app's error body, as a JSON-compatible OpenAPI 3.0 schema (closed: every property listed). */
export type ErrorBodySchema = SchemaObject;
