import type { CallData } from '@suite/contracts';
import type { CallEntity } from './call.entity';

/** The `call.*` event payload: the call as it stands after the step. */
export function callDataOf(call: CallEntity): CallData {
  return {
    call_id: call.callId,
    company_id: call.companyId,
    agent_id: call.agentId,
    ...callDetailsOf(call),
    contact_id: call.contactId,
    campaign_id: call.campaignId,
    started_at: call.startedAt.toISOString(),
    answered_at: call.answeredAt?.toISOString() ?? null,
    ended_at: call.endedAt?.toISOString() ?? null,
  };
}

/**
 * What the event payload and the API's call say alike, in the order both list it: the numbers,
 * how long and how it went, and what was made of it.
 */
export function callDetailsOf(call: CallEntity) {
  return {
    caller_number: call.callerNumber,
    called_number: call.calledNumber,
    call_duration: call.durationSeconds,
    call_status: call.status,
    call_direction: call.direction,
    recording_url: call.recordingUrl,
    transcription: call.transcription,
    sentiment: call.sentiment,
    disposition: call.disposition,
    tags: call.tags,
    custom_fields: call.customFields,
    call_successful: call.callSuccessful,
    hangup_reason: call.hangupReason,
  };
}
