import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import { RATE_LIMIT_CLASS_EXTENSION, type RateLimitClassName } from '@suite/http';

/** The route's class, or `false`: never limited. Read by RateLimitGuard. */
export const RATE_LIMIT_CLASS_METADATA = 'suite:rate-limit-class';

/** The budget a credentialed route spends from when not the one its method says: `@RateLimitClass('send')`. */
export const RateLimitClass = (rateClass: RateLimitClassName) =>
  applyDecorators(SetMetadata(RATE_LIMIT_CLASS_METADATA, rateClass), ApiExtension(RATE_LIMIT_CLASS_EXTENSION, rateClass));

/**
 * A credentialed route that is never limited: a sandbox stand-in for a provider's callback
 * (a person texting in, a call's progress), which like the callbacks themselves is not a client's doing.
 */
export const NotRateLimited = () =>
  applyDecorators(SetMetadata(RATE_LIMIT_CLASS_METADATA, false), ApiExtension(RATE_LIMIT_CLASS_EXTENSION, 'none'));
