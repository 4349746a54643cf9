// Every app on Fastify: createApp/runStandalone and graceful shutdown, body parsers and the untrusted-input
// check, the error filter and AppError, request validation and the shared validators, the OpenAPI document,
// the success/failure envelopes and pagination, signed callbacks.
export * from './openapi/setup-openapi';
export * from './openapi/openapi-document';
export * from './openapi/api-error-schema';
export * from './openapi/api-errors.decorator';
export * from './openapi/api-no-credential.decorator';
export * from './openapi/rate-limit-answers';
export * from './openapi/document-preview';
export * from './errors/app-error';
export * from './errors/api-exception.filter';
export * from './validation/request-validation';
export * from './bootstrap/create-app';
export * from './bootstrap/graceful-shutdown';
export * from './bootstrap/core-modules';
export * from './bootstrap/run-standalone';
export * from './server/content-type';
export * from './server/file-uploads';
export * from './server/untrusted-input';
export * from './server/untrusted-input-error';
export * from './server/signed-callback';
export * from './validation/validators';
export * from './validation/plain-id';
export * from './validation/phone-number';
export * from './validation/phone.validators';
export * from './responses/success-envelope';
export * from './responses/failure-envelope';
export * from './responses/page-query';
export * from './responses/pagination';
export * from './responses/success-response.docs';
export * from './responses/paginated-response.docs';
