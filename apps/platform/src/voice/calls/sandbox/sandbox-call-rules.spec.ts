import { defaultHangupReason, sandboxCallProblems, STARTED_AT_SKEW_MS, type SandboxCallFacts } from './sandbox-call-rules';

const now = new Date('2026-03-02T15:00:00Z');
const answered: SandboxCallFacts = {
  answered: true,
  transferred: false,
  durationSeconds: 30,
  hangupReason: undefined,
  startedAt: undefined,
};
const problems = (change: Partial<SandboxCallFacts>) => Object.keys(sandboxCallProblems({ ...answered, ...change }, now));

describe('sandboxCallProblems', () => {
  it('accepts the possible courses', () => {
    expect(problems({})).toEqual([]);
    expect(problems({ transferred: true, hangupReason: 'call_transfer' })).toEqual([]);
    expect(problems({ answered: false, durationSeconds: 0, hangupReason: 'dial_no_answer' })).toEqual([]);
    expect(problems({ answered: false, durationSeconds: 0, hangupReason: 'error' })).toEqual([]);
    expect(problems({ hangupReason: 'voicemail_reached' })).toEqual([]);
    expect(problems({ startedAt: new Date(now.getTime() + STARTED_AT_SKEW_MS) })).toEqual([]);
    expect(problems({ startedAt: new Date('2001-01-01T00:00:00Z') })).toEqual([]);
  });

  it('names the field of each impossibility', () => {
    expect(problems({ answered: false, transferred: true, durationSeconds: 0 })).toEqual(['transferred']);
    expect(problems({ answered: false, durationSeconds: 1 })).toEqual(['duration_seconds']);
    expect(problems({ hangupReason: 'dial_no_answer' })).toEqual(['hangup_reason']);
    expect(problems({ answered: false, durationSeconds: 0, hangupReason: 'agent_hangup' })).toEqual(['hangup_reason']);
    expect(problems({ hangupReason: 'call_transfer' })).toEqual(['hangup_reason']);
    expect(problems({ startedAt: new Date(now.getTime() + STARTED_AT_SKEW_MS + 1) })).toEqual(['started_at']);
  });
});

describe('defaultHangupReason', () => {
  it('follows the course', () => {
    expect(defaultHangupReason({ answered: true, transferred: true })).toBe('call_transfer');
    expect(defaultHangupReason({ answered: true, transferred: false })).toBe('user_hangup');
    expect(defaultHangupReason({ answered: false, transferred: false })).toBe('dial_no_answer');
  });
});
