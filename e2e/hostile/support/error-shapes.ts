import type { AppName } from '@suite/contracts';

/** An answer as the wire carried it. */
export interface WireAnswer {
  status: number;
  contentType: string;
  body: string;
}

const isString = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const keysAre = (body: Record<string, unknown>, keys: string[]) => Object.keys(body).sort().join() === [...keys].sort().join();

/**
 * Each API's error body, as the spec fixes it (ARCHITECTURE.md "Error bodies"); true when `body`
 * is one. Auth's login and consent pages answer browsers with HTML pages instead.
 */
const ERROR_SHAPES: Record<AppName, (body: Record<string, unknown>) => boolean> = {
  messaging: (body) => keysAre(body, ['error']) && isString(body.error),
  auth: (body) =>
    keysAre(body, ['error', 'error_description', 'message']) &&
    isString(body.error) &&
    isString(body.error_description) &&
    isString(body.message),
  platform: (body) =>
    keysAre(body, ['success', 'message', 'errors']) &&
    body.success === false &&
    isString(body.message) &&
    isPlainObject(body.errors),
  'webhook-dispatch': (body) =>
    keysAre(body, ['success', 'message', 'errors']) &&
    body.success === false &&
    isString(body.message) &&
    isPlainObject(body.errors),
};

/**
 * Answers whose body the spec's error table fixes otherwise than the app's shape: the call-history
 * export's 401 is `{error, message, error_description}` (the auth shape's keys).
 */
const ROUTE_ERROR_SHAPES: ReadonlyArray<{ app: AppName; path: string; status: number; shape: AppName }> = [
  { app: 'platform', path: '/api/ai/call-history/export', status: 401, shape: 'auth' },
];

const shapeOf = (app: AppName, path: string, status: number): AppName =>
  ROUTE_ERROR_SHAPES.find((route) => route.app === app && route.path === path && route.status === status)?.shape ?? app;

/** What is wrong with an answer to a hostile request, or null: any 5xx, and any 4xx not in the app's error shape. */
export function answerProblem(app: AppName, path: string, answer: WireAnswer): string | null {
  if (answer.status >= 500) return `${answer.status} server error`;
  if (answer.status < 400) return null;
  if (app === 'auth' && path.startsWith('/login/') && answer.contentType.startsWith('text/html')) return null;
  if (!answer.contentType.startsWith('application/json'))
    return `${answer.status} answered as ${answer.contentType || 'no content type'}, not the API's JSON error body`;
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return `${answer.status} body is not JSON`;
  }
  const shape = shapeOf(app, path, answer.status);
  if (!isPlainObject(body) || !ERROR_SHAPES[shape](body)) return `${answer.status} body not in the ${shape} error shape`;
  const repeated = sentenceProblem(body);
  if (repeated) return `${answer.status} ${repeated}`;
  // RFC 6749's code for a failure of the server, on a 4xx, would send a client looking in the wrong place.
  return app === 'auth' && body.error === 'server_error' ? `${answer.status} answered with error server_error` : null;
}

/**
 * One sentence per failing field (issue 27): a field of `errors` holds one, and the message that
 * joins them (`; `) repeats none — `limit=abc` was told "limit must be an integer between 1 and
 * 200" three times.
 */
function sentenceProblem(body: Record<string, unknown>): string | null {
  const errors = isPlainObject(body.errors) ? body.errors : {};
  for (const [field, sentences] of Object.entries(errors)) {
    if (Array.isArray(sentences) && sentences.length > 1) return `errors.${field} has ${sentences.length} sentences`;
  }
  const text = [body.error, body.message].find(isString) ?? '';
  const sentences = text.split('; ');
  return new Set(sentences).size < sentences.length ? 'repeats a sentence' : null;
}
