import { AppError } from '@suite/http';
import { consentAnswerOf } from './consent-answer';

describe("the provider's redirect back", () => {
  it('reads code, state and the error the platform needs, and ignores what providers add', () => {
    expect(consentAnswerOf({ code: 'c', state: 's', scope: 'x', authuser: '0', hd: 'example.com' })).toEqual({
      code: 'c',
      state: 's',
    });
    expect(
      consentAnswerOf({
        error: 'access_denied',
        error_description: 'Permissions error',
        error_reason: 'user_denied',
        state: 's',
      }),
    ).toEqual({ error: 'access_denied', errorDescription: 'Permissions error', state: 's' });
    expect(consentAnswerOf({})).toEqual({});
  });

  it.each([
    ['a repeated parameter', { state: ['a', 'b'] }, 'state'],
    ['an over-long one', { code: 'x'.repeat(2049) }, 'code'],
    ['a nested one', { error: { a: 1 } }, 'error'],
  ])('refuses %s with 400 by field', (_what, query, field) => {
    let thrown: unknown;
    try {
      consentAnswerOf(query as Record<string, unknown>);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect((thrown as AppError).kind).toBe('invalid');
    expect((thrown as AppError).fields).toHaveProperty(field);
  });
});
