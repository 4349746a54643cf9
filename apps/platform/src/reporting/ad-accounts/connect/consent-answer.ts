import { applyDecorators } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import { AppError } from '@suite/http';
import type { ConsentAnswer } from './ad-connect.service';

/** The longest value of a parameter the callback reads (codes and states are far shorter). */
const MAX_VALUE = 2048;

/** What the platform reads of the provider's redirect (RFC 6749 §4.1.2 and §4.1.2.1). */
const READ = {
  code: 'The authorization code (on consent)',
  state: 'The state the connect route sent the browser with',
  error: 'Why there is no code (`access_denied` when the user declined)',
  error_description: "The provider's words for the error",
} as const;

/**
 * What providers add that the platform does not need: Meta's `error_reason`, `error_code`,
 * `granted_scopes`, `denied_scopes`; Google's `scope`, `authuser`, `prompt`, `hd`, `iss`. Taken and
 * ignored — a provider that adds one more parameter must not break connecting, so the callback
 * does not refuse unknown parameters the way other routes do.
 */
const IGNORED = [
  'error_reason',
  'error_code',
  'error_uri',
  'granted_scopes',
  'denied_scopes',
  'scope',
  'authuser',
  'prompt',
  'hd',
  'iss',
];

/** The callback's query parameters in the OpenAPI document. */
export const ApiConsentAnswerQuery = () =>
  applyDecorators(
    ...Object.entries(READ).map(([name, description]) =>
      ApiQuery({ name, required: false, description, schema: { type: 'string', maxLength: MAX_VALUE } }),
    ),
    ...IGNORED.map((name) =>
      ApiQuery({
        name,
        required: false,
        description: 'Sent by some providers; ignored',
        schema: { type: 'string', maxLength: MAX_VALUE },
      }),
    ),
  );

/** The provider's answer from the raw query: each parameter read at most once and bounded (400 otherwise). */
export function consentAnswerOf(query: Record<string, unknown>): ConsentAnswer {
  const read = (name: keyof typeof READ): string | undefined => {
    const value = query[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || value.length > MAX_VALUE) {
      const problem = `${name} must be one string of at most ${MAX_VALUE} characters.`;
      throw new AppError('invalid', problem, { [name]: [problem] });
    }
    return value;
  };
  const answer: ConsentAnswer = {};
  const code = read('code');
  const state = read('state');
  const error = read('error');
  const errorDescription = read('error_description');
  if (code !== undefined) answer.code = code;
  if (state !== undefined) answer.state = state;
  if (error !== undefined) answer.error = error;
  if (errorDescription !== undefined) answer.errorDescription = errorDescription;
  return answer;
}
