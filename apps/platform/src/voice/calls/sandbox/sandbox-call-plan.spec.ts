import { sandboxCallScript } from '../../provider/sandbox/sandbox-call-outcomes';
import { sandboxCallCallbacks, SANDBOX_NO_ANSWER_SECONDS, SANDBOX_RING_SECONDS } from './sandbox-call-plan';
import { sandboxCallStepJobId } from './sandbox-call-step.queue';

const startedAt = new Date('2026-01-01T10:00:00Z');
const call = (to: string) => ({
  callId: 'sbx_call_x',
  direction: 'outbound' as const,
  from: '+12125550100',
  to,
  context: { companyId: '1', contactId: null, campaignId: null, agentId: null },
  startedAt,
});
const plan = (to: string) => sandboxCallCallbacks(call(to), sandboxCallScript(to));
const seconds = (date: Date) => (date.getTime() - startedAt.getTime()) / 1000;

describe('sandboxCallCallbacks', () => {
  it('answers, talks for the script duration and ends (last digit 1: appointment booked, 180 s)', () => {
    const callbacks = plan('+13105550121');
    expect(callbacks.map((c) => c.kind)).toEqual(['started', 'answered', 'ended']);
    expect(callbacks.map((c) => seconds(c.at))).toEqual([0, SANDBOX_RING_SECONDS, SANDBOX_RING_SECONDS + 180]);
    expect(callbacks[2]).toMatchObject({ durationSeconds: 180, disposition: 'appointment_booked', hangupReason: 'user_hangup' });
  });

  it('transfers halfway through a call to a number ending in 6', () => {
    const callbacks = plan('+13105550126');
    expect(callbacks.map((c) => c.kind)).toEqual(['started', 'answered', 'transferred', 'ended']);
    expect(seconds(callbacks[2]!.at)).toBe(SANDBOX_RING_SECONDS + 37);
  });

  it('rings out (8) and fails (9) without an answer, with no duration', () => {
    const noAnswer = plan('+13105550128');
    expect(noAnswer.map((c) => c.kind)).toEqual(['started', 'ended']);
    expect(noAnswer[1]).toMatchObject({ durationSeconds: 0, hangupReason: 'dial_no_answer' });
    expect(seconds(noAnswer[1]!.at)).toBe(SANDBOX_NO_ANSWER_SECONDS);
    expect(plan('+13105550129')[1]).toMatchObject({ hangupReason: 'error', durationSeconds: 0 });
  });

  it('repeats the numbers and times on ended, so an ended arriving first records the call whole', () => {
    expect(plan('+13105550120')[2]).toMatchObject({ from: '+12125550100', to: '+13105550120', startedAt, direction: 'outbound' });
  });
});

describe('sandboxCallStepJobId', () => {
  it('is a stable uuid per call and step', () => {
    expect(sandboxCallStepJobId('a', 0)).toBe(sandboxCallStepJobId('a', 0));
    expect(sandboxCallStepJobId('a', 0)).not.toBe(sandboxCallStepJobId('a', 1));
    expect(sandboxCallStepJobId('a', 0)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
