import type { VoiceCallback } from '../provider/voice-provider.port';
import { callBirthOf, endedStatusOf, planCallSteps, publishesNow } from './call-steps';

const context = { companyId: '1', contactId: null, campaignId: null, agentId: null };
const t0 = new Date('2026-01-01T10:00:00Z');
const at = (s: number) => new Date(t0.getTime() + s * 1000);
const fresh = { answeredAt: null, transferredAt: null, endedAt: null, endHeldUntil: null, analyzedAt: null };
const started: VoiceCallback = {
  kind: 'started',
  callId: 'c',
  at: t0,
  context,
  direction: 'inbound',
  from: '+12125550100',
  to: '+12125550101',
};
const answered: VoiceCallback = { kind: 'answered', callId: 'c', at: at(5), context };
const transferred: VoiceCallback = { kind: 'transferred', callId: 'c', at: at(20), context, transferredTo: null };
const ended = (over: Partial<Extract<VoiceCallback, { kind: 'ended' }>> = {}): VoiceCallback => ({
  kind: 'ended',
  callId: 'c',
  at: at(65),
  context,
  durationSeconds: 60,
  hangupReason: 'user_hangup',
  callSuccessful: true,
  sentiment: null,
  disposition: null,
  transcription: null,
  recordingUrl: null,
  tags: [],
  customFields: {},
  ...over,
});
const kinds = (plan: ReturnType<typeof planCallSteps>) => [plan.outcome, ...plan.steps.map((step) => step.kind)];

describe('planCallSteps', () => {
  it('records a first started, and nothing for a repeated one', () => {
    expect(kinds(planCallSteps(started, true, fresh))).toEqual(['applied', 'started']);
    expect(kinds(planCallSteps(started, false, fresh))).toEqual(['duplicate']);
  });

  it('records each later step once', () => {
    expect(kinds(planCallSteps(answered, false, fresh))).toEqual(['applied', 'answered']);
    expect(kinds(planCallSteps(answered, false, { ...fresh, answeredAt: at(5) }))).toEqual(['duplicate']);
    expect(kinds(planCallSteps(ended(), false, { ...fresh, answeredAt: at(5) }))).toEqual(['applied', 'ended']);
    expect(kinds(planCallSteps(ended(), false, { ...fresh, answeredAt: at(5), endedAt: at(65) }))).toEqual(['duplicate']);
  });

  it('records the missing predecessors first, in order', () => {
    expect(kinds(planCallSteps(answered, true, fresh))).toEqual(['applied', 'started', 'answered']);
    expect(kinds(planCallSteps(transferred, false, fresh))).toEqual(['applied', 'answered', 'transferred']);
    expect(kinds(planCallSteps(ended(), true, fresh))).toEqual(['applied', 'started', 'answered', 'ended']);
    expect(kinds(planCallSteps(ended({ durationSeconds: 0, hangupReason: 'dial_no_answer' }), true, fresh))).toEqual([
      'applied',
      'started',
      'ended',
    ]);
  });

  it('dates a connected call from its end minus its duration when it does not say', () => {
    const plan = planCallSteps(ended(), true, fresh);
    expect(plan.steps.map((step) => step.at.toISOString())).toEqual([at(5), at(5), at(65)].map((d) => d.toISOString()));
    expect(callBirthOf(ended({ startedAt: t0, from: '+12125550100', to: '+12125550101', direction: 'web' }))).toEqual({
      direction: 'web',
      callerNumber: '+12125550100',
      calledNumber: '+12125550101',
      startedAt: t0,
    });
  });

  it('ignores an answer or a transfer after the end', () => {
    const over = { ...fresh, endedAt: at(30) };
    expect(kinds(planCallSteps(answered, false, over))).toEqual(['ignored']);
    expect(kinds(planCallSteps(transferred, false, over))).toEqual(['ignored']);
  });
});

describe('planCallSteps: a post-call analysis', () => {
  const WAIT = 300_000;
  const analyzed: VoiceCallback = {
    kind: 'analyzed',
    callId: 'c',
    at: at(90),
    context,
    callSuccessful: true,
    sentiment: 'Positive',
    summary: 'Booked.',
    disposition: 'appointment_booked',
    customFields: {},
  };
  const endOf = (plan: ReturnType<typeof planCallSteps>) => plan.steps.find((step) => step.kind === 'ended');

  it('holds the end of a connected call whose provider says an analysis follows, and only then', () => {
    const answeredCall = { ...fresh, answeredAt: at(5) };
    expect(endOf(planCallSteps(ended({ analysisFollows: true }), false, answeredCall, WAIT))).toMatchObject({ held: true });
    expect(endOf(planCallSteps(ended({ analysisFollows: true }), false, answeredCall, 0))).toMatchObject({ held: false });
    expect(endOf(planCallSteps(ended(), false, answeredCall, WAIT))).toMatchObject({ held: false });
    // Never connected: nothing to analyse.
    const unanswered = ended({ analysisFollows: true, durationSeconds: 0, hangupReason: 'dial_no_answer' });
    expect(endOf(planCallSteps(unanswered, false, fresh, WAIT))).toMatchObject({ held: false });
    // The analysis came first: nothing to wait for.
    expect(
      endOf(planCallSteps(ended({ analysisFollows: true }), false, { ...answeredCall, analyzedAt: at(80) }, WAIT)),
    ).toMatchObject({
      held: false,
    });
  });

  it('announces a held end with the analysis, merges into an announced one without announcing, and applies it once', () => {
    const held = { ...fresh, answeredAt: at(5), endedAt: at(65), endHeldUntil: at(365) };
    expect(planCallSteps(analyzed, false, held).steps).toEqual([expect.objectContaining({ kind: 'analyzed', announce: true })]);
    const announced = { ...held, endHeldUntil: null };
    expect(planCallSteps(analyzed, false, announced).steps).toEqual([
      expect.objectContaining({ kind: 'analyzed', announce: false }),
    ]);
    expect(kinds(planCallSteps(analyzed, false, { ...announced, analyzedAt: at(90) }))).toEqual(['duplicate']);
    const analysis = { callSuccessful: true, sentiment: null, summary: null, disposition: null, customFields: {} };
    expect(publishesNow({ kind: 'analyzed', at: at(90), analysis, announce: false })).toBe(false);
    expect(publishesNow({ kind: 'analyzed', at: at(90), analysis, announce: true })).toBe(true);
  });
});

describe('endedStatusOf', () => {
  it('is failed on an error, no_answer when never answered, else completed', () => {
    expect(endedStatusOf({ hangupReason: 'error' }, true)).toBe('failed');
    expect(endedStatusOf({ hangupReason: 'dial_no_answer' }, false)).toBe('no_answer');
    expect(endedStatusOf({ hangupReason: 'user_hangup' }, false)).toBe('no_answer');
    expect(endedStatusOf({ hangupReason: 'call_transfer' }, true)).toBe('completed');
    expect(endedStatusOf({ hangupReason: null }, true)).toBe('completed');
  });
});
