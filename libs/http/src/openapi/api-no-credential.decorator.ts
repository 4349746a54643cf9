import { DECORATORS } from '@nestjs/swagger';

/**
 * A route that takes none of the API's credential schemes: the OAuth endpoints (a client
 * authenticates in the form), discovery documents (metadata, JWKS), a provider's callbacks
 * (checked by the provider's own signature). Documented as `security: []`, so a generated client
 * sends no token and a linter (redocly's `security-defined`) sees that public was meant, not
 * forgotten. Merged into the route's `@ApiOperation` whichever of the two is written first.
 */
export const ApiNoCredential = (): MethodDecorator => (_target, _key, descriptor) => {
  const operation: object = Reflect.getMetadata(DECORATORS.API_OPERATION, descriptor.value as object) ?? {};
  Reflect.defineMetadata(DECORATORS.API_OPERATION, { ...operation, security: [] }, descriptor.value as object);
  return descriptor;
};
