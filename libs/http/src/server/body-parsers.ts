import { parse as parseQueryString } from 'node:querystring';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { untrustedInputError } from './untrusted-input-error';

export interface BodyParserOptions {
  /**
   * Path prefixes whose bodies are kept as the raw bytes (`request.body` is a Buffer, whatever
   * the content type) and never parsed: signed callbacks, whose signature covers the bytes as
   * sent, not a re-serialisation of parsed JSON.
   */
  rawBodyRoutes: readonly string[];
  /** Path prefixes that take larger bodies than the app's `bodyLimit`, with their own limit in bytes. */
  largeBodyRoutes: ReadonlyArray<{ path: string; limitBytes: number }>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by the onRoute hook below on raw routes: their bodies stay bytes. */
    suiteRawBody?: boolean;
  }
}

/**
 * An error the API's exception filter answers as a 4xx in the app's error shape: the fields
 * body-parser gave its errors (`status`, `type`), which the filter already recognises.
 */
function bodyError(status: 400 | 415, type: string, message: string): Error & { status: number; type: string } {
  return Object.assign(new Error(message), { status, type });
}

const underPrefix = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
const isRaw = (request: FastifyRequest) => request.routeOptions.config?.suiteRawBody === true;

/**
 * The content types every app reads: JSON (objects and arrays only, like body-parser's strict
 * mode), URL-encoded forms (repeated keys become arrays, as OAuth's checks for duplicated
 * parameters expect) and, on raw routes, anything as bytes. Any other type is 415. A parsed body
 * must pass untrusted-input.ts (well-formed text without NUL, bounded depth and size) or it is a
 * 400 naming the field; raw bodies are checked by whoever decodes them. Size limits
 * are Fastify's (`bodyLimit`, per route where a route needs more), enforced while reading.
 * Which routes are raw or large is decided once per route as it is registered, not per request.
 */
export function registerBodyParsers(instance: FastifyInstance, options: BodyParserOptions): void {
  // Routes are added at the app's init, after this hook.
  instance.addHook('onRoute', (route) => {
    const large = options.largeBodyRoutes.find((candidate) => underPrefix(route.url, candidate.path));
    if (large) route.bodyLimit = large.limitBytes;
    if (options.rawBodyRoutes.some((prefix) => underPrefix(route.url, prefix)))
      route.config = { ...route.config, suiteRawBody: true };
  });
  // Fastify's own parser, which refuses __proto__ and constructor.prototype keys.
  const parseJson = instance.getDefaultJsonParser('error', 'error');
  instance.removeAllContentTypeParsers();

  instance.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    if (isRaw(request)) return done(null, body);
    // An empty body is no body, as with body-parser: the DTO's own checks then name what is missing.
    if (body.length === 0) return done(null, undefined);
    parseJson(request, body.toString('utf8'), (error, value) => {
      if (error) done(bodyError(400, 'entity.parse.failed', 'The request body is not valid JSON.'), undefined);
      else if (typeof value !== 'object' || value === null)
        done(bodyError(400, 'entity.parse.failed', 'The request body must be a JSON object.'), undefined);
      else done(untrustedInputError(value) ?? null, value);
    });
  });

  instance.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    if (isRaw(request)) return done(null, body);
    const form = { ...parseQueryString(body.toString('utf8')) };
    done(untrustedInputError(form) ?? null, form);
  });

  instance.addContentTypeParser('*', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    if (isRaw(request)) return done(null, body);
    done(
      bodyError(
        415,
        'unsupported.media.type',
        'Unsupported content type: send application/json (or application/x-www-form-urlencoded where the endpoint takes a form, as OAuth token requests do).',
      ),
      undefined,
    );
  });
}
