import type { HeaderObject, OpenAPIObject, OperationObject, PathItemObject, ReferenceObject } from '@nestjs/swagger';
import { apiErrorContent } from './api-error-schema';

/**
 * What a request spends (decision 0045): `send` on routes that hand a message or email to the
 * suite (they say so), `read` for GET and HEAD, `write` for the other methods.
 */
export const RATE_LIMIT_CLASSES = ['send', 'read', 'write'] as const;
export type RateLimitClassName = (typeof RATE_LIMIT_CLASSES)[number];

export const rateLimitClassOfMethod = (method: string): RateLimitClassName =>
  method.toUpperCase() === 'GET' || method.toUpperCase() === 'HEAD' ? 'read' : 'write';

/** The operation's class in the document; `none` on a credentialed route that is never limited (a sandbox stand-in for a provider). */
export const RATE_LIMIT_CLASS_EXTENSION = 'x-rate-limit-class';

/** The fields of draft-ietf-httpapi-ratelimit-headers-06, and Retry-After on a 429. */
export const RATE_LIMIT_HEADER_NAMES = {
  limit: 'RateLimit-Limit',
  remaining: 'RateLimit-Remaining',
  reset: 'RateLimit-Reset',
  policy: 'RateLimit-Policy',
  retryAfter: 'Retry-After',
} as const;

const integer = (description: string): HeaderObject => ({ description, schema: { type: 'integer', minimum: 0 } });

const HEADERS: Record<string, HeaderObject> = {
  [RATE_LIMIT_HEADER_NAMES.limit]: integer(
    'Requests the bucket closest to running out holds when full (its budget a minute), of the credential or of its company.',
  ),
  [RATE_LIMIT_HEADER_NAMES.remaining]: integer('Requests that bucket still allows now.'),
  [RATE_LIMIT_HEADER_NAMES.reset]: integer('Seconds until that bucket is full again.'),
  [RATE_LIMIT_HEADER_NAMES.policy]: {
    description: "Every budget the request spends from, `<requests>;w=<seconds>`: the credential's, then its company's.",
    schema: { type: 'string', example: '300;w=60, 600;w=60' },
  },
};

const RETRY_AFTER: HeaderObject = integer('Seconds until one more request fits the budget.');

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head'] as const;
const LIMITED_SCHEMES = ['bearer', 'api-key'];
const headerRef = (name: string): ReferenceObject => ({ $ref: `#/components/headers/${name}` });

/**
 * Documents the rate limits of an app that has them: every operation taken with a credential
 * (bearer or x-api-key) — not the internal token, not callbacks — names its class, may answer 429
 * in the app's error body with Retry-After, and carries the RateLimit fields on its answers
 * (all but 401, which is given before the limit is looked at).
 */
export function withRateLimitAnswers(document: OpenAPIObject): OpenAPIObject {
  document.components = {
    ...document.components,
    headers: { ...document.components?.headers, ...HEADERS, [RATE_LIMIT_HEADER_NAMES.retryAfter]: RETRY_AFTER },
  };
  const fields = Object.fromEntries(Object.keys(HEADERS).map((name) => [name, headerRef(name)]));
  for (const item of Object.values(document.paths) as PathItemObject[]) {
    for (const method of METHODS) {
      const operation = item[method] as (OperationObject & { [RATE_LIMIT_CLASS_EXTENSION]?: string }) | undefined;
      if (!operation || !isLimited(operation)) continue;
      operation[RATE_LIMIT_CLASS_EXTENSION] ??= rateLimitClassOfMethod(method);
      operation.responses[429] ??= {
        description: 'Over the rate limit of the credential or of its company; retry after Retry-After seconds.',
        content: apiErrorContent(),
      };
      for (const [status, response] of Object.entries(operation.responses)) {
        if (status === '401' || !response || '$ref' in response) continue;
        response.headers = {
          ...response.headers,
          ...fields,
          ...(status === '429' ? { [RATE_LIMIT_HEADER_NAMES.retryAfter]: headerRef(RATE_LIMIT_HEADER_NAMES.retryAfter) } : {}),
        };
      }
    }
  }
  return document;
}

function isLimited(operation: OperationObject & { [RATE_LIMIT_CLASS_EXTENSION]?: string }): boolean {
  if (operation[RATE_LIMIT_CLASS_EXTENSION] === 'none') return false;
  return (operation.security ?? []).some((requirement) => LIMITED_SCHEMES.some((scheme) => scheme in requirement));
}
