import { VoiceCallbackRejectedError } from '../voice-errors';
import type { VoiceCallback } from '../voice-provider.port';
import { readRetellCallbacks } from './retell-callback-codec';

/** Retell's webhook bodies (docs.retellai.com "Webhook Overview"; the call object of retell_openapi.yaml) as the platform's steps. */
const now = new Date('2026-03-02T15:10:00Z');
const start = Date.parse('2026-03-02T15:00:00Z');
const metadata = { attempt_key: 'campaign:4:contact:9', company_id: '12', contact_id: '9', campaign_id: '4', agent_id: '3' };
const call = (over: Record<string, unknown> = {}) => ({
  call_type: 'phone_call',
  call_id: 'Jabr9TXYYJHfvl6Syypi88rdAHYHmcq6',
  agent_id: 'oBeDLoLOeuAbiuaMFXRtDOLriTJ5tSxD',
  agent_version: 1,
  call_status: 'ended',
  direction: 'outbound',
  from_number: '+12125550100',
  to_number: '+13105550121',
  start_timestamp: start,
  end_timestamp: start + 95_000,
  duration_ms: 95_000,
  transcript: 'Agent: hi\nUser: hello',
  recording_url: 'https://retellai.s3.us-west-2.amazonaws.com/x/recording.wav',
  disconnection_reason: 'user_hangup',
  metadata,
  ...over,
});
const read = (event: string, body: Record<string, unknown>): VoiceCallback[] =>
  readRetellCallbacks(Buffer.from(JSON.stringify({ event, call: body })), now);
const context = { companyId: '12', contactId: '9', campaignId: '4', agentId: '3' };

describe('readRetellCallbacks', () => {
  it('reads call_started as started and answered at the start (Retell sends it only for a connected call)', () => {
    expect(read('call_started', call({ call_status: 'ongoing' }))).toEqual([
      {
        kind: 'started',
        callId: 'Jabr9TXYYJHfvl6Syypi88rdAHYHmcq6',
        at: new Date(start),
        context,
        direction: 'outbound',
        from: '+12125550100',
        to: '+13105550121',
      },
      { kind: 'answered', callId: 'Jabr9TXYYJHfvl6Syypi88rdAHYHmcq6', at: new Date(start), context },
    ]);
  });

  it('reads call_ended as an end that waits for its analysis, with the facts an end arriving first needs', () => {
    const [ended, ...rest] = read('call_ended', call());
    expect(rest).toEqual([]);
    expect(ended).toMatchObject({
      kind: 'ended',
      at: new Date(start + 95_000),
      durationSeconds: 95,
      hangupReason: 'user_hangup',
      callSuccessful: null,
      sentiment: null,
      transcription: 'Agent: hi\nUser: hello',
      recordingUrl: 'https://retellai.s3.us-west-2.amazonaws.com/x/recording.wav',
      customFields: { retell_disconnection_reason: 'user_hangup' },
      analysisFollows: true,
      direction: 'outbound',
      startedAt: new Date(start),
      answeredAt: new Date(start),
    });
  });

  it('reads a transferred call as transferred then ended, and a call that never connected as no answer, analysis not awaited', () => {
    const transferred = read('call_ended', call({ disconnection_reason: 'call_transfer', transfer_destination: '+14155550142' }));
    expect(transferred.map((step) => step.kind)).toEqual(['transferred', 'ended']);
    expect(transferred[0]).toMatchObject({ transferredTo: '+14155550142', at: new Date(start + 95_000) });
    expect(transferred[1]).toMatchObject({ hangupReason: 'call_transfer' });

    const unanswered = read(
      'call_ended',
      call({ call_status: 'not_connected', disconnection_reason: 'dial_no_answer', duration_ms: 0, start_timestamp: undefined }),
    );
    expect(unanswered).toHaveLength(1);
    expect(unanswered[0]).toMatchObject({
      kind: 'ended',
      hangupReason: 'dial_no_answer',
      durationSeconds: 0,
      analysisFollows: false,
    });
    expect(unanswered[0]).not.toHaveProperty('answeredAt');
  });

  it.each([
    ['voicemail_reached', 'voicemail_reached'],
    ['ivr_reached', 'voicemail_reached'],
    ['dial_busy', 'dial_no_answer'],
    ['agent_hangup', 'agent_hangup'],
    ['max_duration_reached', 'agent_hangup'],
    ['transfer_bridged', 'call_transfer'],
    ['dial_failed', 'error'],
    ['error_llm_websocket_open', 'error'],
    ['concurrency_limit_reached', 'error'],
  ])('maps disconnection_reason %s to %s, keeping the original in the custom fields', (retell, ours) => {
    const ended = read('call_ended', call({ disconnection_reason: retell })).at(-1);
    expect(ended).toMatchObject({ hangupReason: ours, customFields: { retell_disconnection_reason: retell } });
  });

  it('reads call_analyzed as the end again (a duplicate unless call_ended was lost) and the analysis', () => {
    const steps = read(
      'call_analyzed',
      call({
        call_analysis: {
          call_summary: 'The lead booked an inspection for Monday.',
          user_sentiment: 'Positive',
          call_successful: true,
          in_voicemail: false,
          custom_analysis_data: { disposition: ' Appointment_Booked ', budget: '2k' },
        },
      }),
    );
    expect(steps.map((step) => step.kind)).toEqual(['ended', 'analyzed']);
    expect(steps[1]).toEqual({
      kind: 'analyzed',
      callId: 'Jabr9TXYYJHfvl6Syypi88rdAHYHmcq6',
      at: now,
      context,
      callSuccessful: true,
      sentiment: 'Positive',
      summary: 'The lead booked an inspection for Monday.',
      disposition: 'appointment_booked',
      customFields: { budget: '2k' },
    });
  });

  it('reads a call without our metadata (an inbound call) with no company: the lifecycle finds it by our number', () => {
    const [started] = read('call_started', call({ direction: 'inbound', metadata: undefined }));
    expect(started).toMatchObject({ kind: 'started', direction: 'inbound', context: { companyId: '', contactId: null } });
  });

  it('ignores the events it does not use, and refuses a body it cannot read', () => {
    expect(read('transcript_updated', call())).toEqual([]);
    const malformed = (raw: string) => () => readRetellCallbacks(Buffer.from(raw), now);
    expect(malformed('not json')).toThrow(VoiceCallbackRejectedError);
    expect(malformed(JSON.stringify({ call: call() }))).toThrow(/event/);
    expect(malformed(JSON.stringify({ event: 'call_ended', call: { call_id: 'bad id with spaces' } }))).toThrow(/call_id/);
    expect(malformed(JSON.stringify({ event: 'call_ended', call: call({ duration_ms: -1 }) }))).toThrow(/duration_ms/);
  });
});
