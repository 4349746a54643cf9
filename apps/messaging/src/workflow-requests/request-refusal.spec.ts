import { AppError } from '@suite/http';
import { refusalOf, untrustedTextProblem } from './request-refusal';

describe('refusalOf', () => {
  it('answers a rule’s refusal with its message', () => {
    expect(refusalOf(new AppError('conflict', 'no sender number'))).toBe('no sender number');
  });

  it('throws anything else again, so the event is retried', () => {
    const failure = new Error('connection reset');
    expect(() => refusalOf(failure)).toThrow(failure);
  });
});

describe('untrustedTextProblem', () => {
  it('names the field holding NUL or a lone surrogate', () => {
    expect(untrustedTextProblem({ to: '+14155550100', body: 'a\u0000b' })).toBe('body holds NUL');
    expect(untrustedTextProblem({ subject: 'x\ud800' })).toBe('subject holds a lone surrogate');
  });

  it('lets well-formed text through', () => {
    expect(untrustedTextProblem({ body: 'Hello 👋', first_name: null })).toBeNull();
  });
});
