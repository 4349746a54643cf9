import type { PayloadSchema } from './payload-schema';
import {
  companyCreatedSchema,
  companyRenamedSchema,
  type CompanyCreatedData,
  type CompanyRenamedData,
} from './platform-company.events';
import {
  credentialIssuedSchema,
  credentialRevokedSchema,
  grantRevokedSchema,
  type CredentialIssuedData,
  type CredentialRevokedData,
  type GrantRevokedData,
} from './auth-credential.events';
import { credentialUsedSchema, type CredentialUsedData } from './authz-credential-usage.events';
import {
  contactErasedSchema,
  contactOptChangeSchema,
  type ContactErasedData,
  type ContactOptChangeData,
} from './messaging-contact.events';
import { conversationRepliedSchema, type ConversationRepliedData } from './messaging-conversation.events';
import { messageEventSchema, type MessageEventData } from './messaging-message.events';
import {
  agentPerformanceSchema,
  agentSnapshotSchema,
  agentStatusChangedSchema,
  type AgentPerformanceData,
  type AgentSnapshotData,
  type AgentStatusChangedData,
} from './platform-agent.events';
import { appointmentSchema, type AppointmentData } from './platform-appointment.events';
import { callSchema, type CallData } from './platform-call.events';
import { campaignSchema, type CampaignData } from './platform-campaign.events';
import { phoneNumberSchema, type PhoneNumberData } from './platform-phone-number.events';
import {
  crmContactCreatedSchema,
  crmContactDeletedSchema,
  crmContactErasedSchema,
  crmContactSnapshotSchema,
  crmContactTagsAddedSchema,
  type CrmContactCreatedData,
  type CrmContactDeletedData,
  type CrmContactErasedData,
  type CrmContactSnapshotData,
  type CrmContactTagsAddedData,
} from './platform-crm-contact.events';
import {
  listContactRemovedSchema,
  listContactsAddedSchema,
  listCreatedSchema,
  listDeletedSchema,
  type ListContactRemovedData,
  type ListContactsAddedData,
  type ListCreatedData,
  type ListDeletedData,
} from './platform-list.events';
import {
  pipelineContactMovedSchema,
  pipelineCreatedSchema,
  pipelineDeletedSchema,
  pipelineStageRenamedSchema,
  type PipelineContactMovedData,
  type PipelineCreatedData,
  type PipelineDeletedData,
  type PipelineStageRenamedData,
} from './platform-pipeline.events';
import { workflowRunSchema, workflowSchema, type WorkflowData, type WorkflowRunData } from './platform-workflow.events';
import {
  workflowEmailRequestedSchema,
  workflowSmsRequestedSchema,
  type WorkflowEmailRequestedData,
  type WorkflowSmsRequestedData,
} from './platform-workflow-step.events';
import { userDeletedSchema, userSnapshotSchema, type UserDeletedData, type UserSnapshotData } from './platform-user.events';
import { Topics, type Topic } from './topics';
import {
  webhookContactErasedSchema,
  webhookDeliveryFailedSchema,
  webhookStatusChangedSchema,
  type WebhookContactErasedData,
  type WebhookDeliveryFailedData,
  type WebhookStatusChangedData,
} from './webhooks-webhook.events';

/**
 * Every event type, its payload and its topic, in one typed map (past-tense facts).
 * The AsyncAPI document (docs/asyncapi.yaml) is checked against this map by a test.
 */
export interface EventMap {
  'company.created': CompanyCreatedData;
  'company.renamed': CompanyRenamedData;
  'user.created': UserSnapshotData;
  'user.updated': UserSnapshotData;
  'user.deleted': UserDeletedData;
  'crm_contact.created': CrmContactCreatedData;
  'crm_contact.updated': CrmContactSnapshotData;
  'crm_contact.deleted': CrmContactDeletedData;
  'crm_contact.tags_added': CrmContactTagsAddedData;
  'crm_contact.erased': CrmContactErasedData;
  'list.created': ListCreatedData;
  'list.deleted': ListDeletedData;
  'list.contacts_added': ListContactsAddedData;
  'list.contact_removed': ListContactRemovedData;
  'pipeline.created': PipelineCreatedData;
  'pipeline.stage_renamed': PipelineStageRenamedData;
  'pipeline.deleted': PipelineDeletedData;
  'pipeline.contact_moved': PipelineContactMovedData;
  'appointment.scheduled': AppointmentData;
  'appointment.cancelled': AppointmentData;
  'agent.created': AgentSnapshotData;
  'agent.updated': AgentSnapshotData;
  'agent.deleted': AgentSnapshotData;
  'agent.status_changed': AgentStatusChangedData;
  'agent.performance': AgentPerformanceData;
  'call.started': CallData;
  'call.answered': CallData;
  'call.transferred': CallData;
  'call.ended': CallData;
  'campaign.started': CampaignData;
  'campaign.stopped': CampaignData;
  'campaign.completed': CampaignData;
  'phone_number.purchased': PhoneNumberData;
  'phone_number.released': PhoneNumberData;
  'workflow.created': WorkflowData;
  'workflow.activated': WorkflowData;
  'workflow.deactivated': WorkflowData;
  'workflow_run.started': WorkflowRunData;
  'workflow_run.completed': WorkflowRunData;
  'workflow_run.failed': WorkflowRunData;
  'workflow_step.sms_requested': WorkflowSmsRequestedData;
  'workflow_step.email_requested': WorkflowEmailRequestedData;
  'credential.issued': CredentialIssuedData;
  'credential.revoked': CredentialRevokedData;
  'grant.revoked': GrantRevokedData;
  'credential.used': CredentialUsedData;
  'message.queued': MessageEventData;
  'message.sent': MessageEventData;
  'message.delivered': MessageEventData;
  'message.failed': MessageEventData;
  'message.cancelled': MessageEventData;
  'message.received': MessageEventData;
  'message.no_channel': MessageEventData;
  'contact.opted_out': ContactOptChangeData;
  'contact.opted_in': ContactOptChangeData;
  'contact.erased': ContactErasedData;
  'conversation.replied': ConversationRepliedData;
  'webhook.delivery_failed': WebhookDeliveryFailedData;
  'webhook.status_changed': WebhookStatusChangedData;
  'webhook.contact_erased': WebhookContactErasedData;
}

export type EventType = keyof EventMap;

export interface EventDefinition<T extends EventType> {
  topic: Topic;
  /** Major version of the payload; the topic carries the same major (`.v1`). */
  version: number;
  summary: string;
  schema: PayloadSchema<EventMap[T]>;
}

export const EVENT_DEFINITIONS: { readonly [K in EventType]: EventDefinition<K> } = {
  'company.created': {
    topic: Topics.platformCompany,
    version: 1,
    summary: 'A company (or an agency child company) was created.',
    schema: companyCreatedSchema,
  },
  'company.renamed': {
    topic: Topics.platformCompany,
    version: 1,
    summary: 'A company changed its name.',
    schema: companyRenamedSchema,
  },
  'user.created': {
    topic: Topics.platformUser,
    version: 1,
    summary: 'A user was added to a company (full snapshot, password as an argon2id hash).',
    schema: userSnapshotSchema,
  },
  'user.updated': {
    topic: Topics.platformUser,
    version: 1,
    summary: 'A user changed: profile, status, role or its permissions, password (full snapshot).',
    schema: userSnapshotSchema,
  },
  'user.deleted': {
    topic: Topics.platformUser,
    version: 1,
    summary: 'A user was deleted; every credential of theirs stops working.',
    schema: userDeletedSchema,
  },
  'crm_contact.created': {
    topic: Topics.platformContact,
    version: 1,
    summary:
      'A CRM contact (a lead) was created (full snapshot, and the lists it was created on; feeds the lead.generated webhook).',
    schema: crmContactCreatedSchema,
  },
  'crm_contact.updated': {
    topic: Topics.platformContact,
    version: 1,
    summary: 'A CRM contact changed: name, phone, email, source, assignment, tags or custom fields (full snapshot).',
    schema: crmContactSnapshotSchema,
  },
  'crm_contact.deleted': {
    topic: Topics.platformContact,
    version: 1,
    summary: 'A CRM contact was deleted; it left its pipelines and lists.',
    schema: crmContactDeletedSchema,
  },
  'crm_contact.tags_added': {
    topic: Topics.platformContact,
    version: 1,
    summary: 'Tags were added to a CRM contact (through the API or a workflow step): the tags it did not have before.',
    schema: crmContactTagsAddedSchema,
  },
  'crm_contact.erased': {
    topic: Topics.platformContact,
    version: 1,
    summary:
      'A CRM contact was erased on request (POST /api/contacts/{id}/erase): the platform anonymised its data; ' +
      'carries the values the other apps find their copies by (deleted from the outbox once every app reported).',
    schema: crmContactErasedSchema,
  },
  'list.created': {
    topic: Topics.platformList,
    version: 1,
    summary: 'A selection list of contacts was created (empty; its first members follow in list.contacts_added).',
    schema: listCreatedSchema,
  },
  'list.deleted': {
    topic: Topics.platformList,
    version: 1,
    summary: 'A selection list was deleted; every contact left it (the contacts stay).',
    schema: listDeletedSchema,
  },
  'list.contacts_added': {
    topic: Topics.platformList,
    version: 1,
    summary: 'Contacts were put on a list (API, a contact created on it, a workflow step): only those not on it before.',
    schema: listContactsAddedSchema,
  },
  'list.contact_removed': {
    topic: Topics.platformList,
    version: 1,
    summary: 'A contact was taken off a list, through the API or because the contact was deleted.',
    schema: listContactRemovedSchema,
  },
  'pipeline.created': {
    topic: Topics.platformPipeline,
    version: 1,
    summary: 'A pipeline was created with its ordered stages.',
    schema: pipelineCreatedSchema,
  },
  'pipeline.stage_renamed': {
    topic: Topics.platformPipeline,
    version: 1,
    summary: 'A stage of a pipeline was renamed.',
    schema: pipelineStageRenamedSchema,
  },
  'pipeline.deleted': {
    topic: Topics.platformPipeline,
    version: 1,
    summary: 'A pipeline was deleted with its stages and disposition links; its contacts left it (they stay in the CRM).',
    schema: pipelineDeletedSchema,
  },
  'pipeline.contact_moved': {
    topic: Topics.platformPipeline,
    version: 1,
    summary:
      'A contact entered a stage: placed in the pipeline (from_stage_id null) or moved from another stage. Keyed by the contact.',
    schema: pipelineContactMovedSchema,
  },
  'appointment.scheduled': {
    topic: Topics.platformAppointment,
    version: 1,
    summary: 'An appointment was booked with a contact (feeds the appointment.scheduled webhook).',
    schema: appointmentSchema,
  },
  'appointment.cancelled': {
    topic: Topics.platformAppointment,
    version: 1,
    summary: 'A booked appointment was cancelled.',
    schema: appointmentSchema,
  },
  'agent.created': {
    topic: Topics.platformAgent,
    version: 1,
    summary: 'An AI agent was created (feeds the agent.created webhook).',
    schema: agentSnapshotSchema,
  },
  'agent.updated': {
    topic: Topics.platformAgent,
    version: 1,
    summary: 'An AI agent changed: name, voice, prompt, numbers, active flag or performance threshold (feeds agent.updated).',
    schema: agentSnapshotSchema,
  },
  'agent.deleted': {
    topic: Topics.platformAgent,
    version: 1,
    summary: 'An AI agent was deleted; its numbers are no longer assigned to it.',
    schema: agentSnapshotSchema,
  },
  'agent.status_changed': {
    topic: Topics.platformAgent,
    version: 1,
    summary: 'An AI agent went online or offline (feeds agent.status_changed).',
    schema: agentStatusChangedSchema,
  },
  'agent.performance': {
    topic: Topics.platformAgent,
    version: 1,
    summary: "An AI agent's success rate crossed its minimum, downwards or back up (feeds agent.performance).",
    schema: agentPerformanceSchema,
  },
  'call.started': {
    topic: Topics.platformCall,
    version: 1,
    summary: 'A call began (ringing); once per call, first.',
    schema: callSchema,
  },
  'call.answered': {
    topic: Topics.platformCall,
    version: 1,
    summary: 'A call was answered; once per call, after call.started.',
    schema: callSchema,
  },
  'call.transferred': {
    topic: Topics.platformCall,
    version: 1,
    summary: 'An answered call was transferred; once per call, after call.answered.',
    schema: callSchema,
  },
  'call.ended': {
    topic: Topics.platformCall,
    version: 1,
    summary: 'A call ended with its outcome (duration, disposition, sentiment, success); once per call, last.',
    schema: callSchema,
  },
  'campaign.started': {
    topic: Topics.platformCampaign,
    version: 1,
    summary: 'A dialer campaign started (or was resumed) calling its list.',
    schema: campaignSchema,
  },
  'campaign.stopped': {
    topic: Topics.platformCampaign,
    version: 1,
    summary: 'A dialer campaign was stopped before every contact was called.',
    schema: campaignSchema,
  },
  'campaign.completed': {
    topic: Topics.platformCampaign,
    version: 1,
    summary: 'Every contact of a dialer campaign is done.',
    schema: campaignSchema,
  },
  'phone_number.purchased': {
    topic: Topics.platformPhoneNumber,
    version: 1,
    summary: "A company bought a number from the voice provider (messaging adds an SMS number to the company's sender pool).",
    schema: phoneNumberSchema,
  },
  'phone_number.released': {
    topic: Topics.platformPhoneNumber,
    version: 1,
    summary: 'A company released a number (messaging removes it from the sender pool).',
    schema: phoneNumberSchema,
  },
  'workflow.created': {
    topic: Topics.platformWorkflow,
    version: 1,
    summary: 'A workflow was created or imported (always a draft).',
    schema: workflowSchema,
  },
  'workflow.activated': {
    topic: Topics.platformWorkflow,
    version: 1,
    summary: 'A workflow was activated: new runs start on its active_version from its triggers’ events.',
    schema: workflowSchema,
  },
  'workflow.deactivated': {
    topic: Topics.platformWorkflow,
    version: 1,
    summary: 'A workflow was deactivated: no new runs; its waiting runs are cancelled.',
    schema: workflowSchema,
  },
  'workflow_run.started': {
    topic: Topics.platformWorkflow,
    version: 1,
    summary: 'A workflow run started for a contact (one per matching event, contact and version).',
    schema: workflowRunSchema,
  },
  'workflow_run.completed': {
    topic: Topics.platformWorkflow,
    version: 1,
    summary: 'A workflow run reached an end.',
    schema: workflowRunSchema,
  },
  'workflow_run.failed': {
    topic: Topics.platformWorkflow,
    version: 1,
    summary: 'A workflow run failed: a step failed after its retries (the error says which).',
    schema: workflowRunSchema,
  },
  'workflow_step.sms_requested': {
    topic: Topics.platformWorkflowStep,
    version: 1,
    summary: 'A workflow step asks messaging to text a contact (idempotency key per run and step).',
    schema: workflowSmsRequestedSchema,
  },
  'workflow_step.email_requested': {
    topic: Topics.platformWorkflowStep,
    version: 1,
    summary: 'A workflow step asks messaging to email a contact (idempotency key per run and step).',
    schema: workflowEmailRequestedSchema,
  },
  'credential.issued': {
    topic: Topics.authCredential,
    version: 1,
    summary: 'A personal access token or workspace API key was created (digest only).',
    schema: credentialIssuedSchema,
  },
  'credential.revoked': {
    topic: Topics.authCredential,
    version: 1,
    summary: 'A personal access token or workspace API key was revoked.',
    schema: credentialRevokedSchema,
  },
  'grant.revoked': {
    topic: Topics.authCredential,
    version: 1,
    summary: 'An OAuth grant was revoked; every access token issued from it is void.',
    schema: grantRevokedSchema,
  },
  'credential.used': {
    topic: Topics.authzCredentialUsage,
    version: 1,
    summary:
      'An app accepted a personal access token or workspace API key (at most once a minute per credential and app process).',
    schema: credentialUsedSchema,
  },
  'message.queued': {
    topic: Topics.messagingMessage,
    version: 1,
    summary: 'An outbound message was accepted by the API and waits for the scheduler (send window, pacing).',
    schema: messageEventSchema,
  },
  'message.sent': {
    topic: Topics.messagingMessage,
    version: 1,
    summary: 'The carrier accepted an outbound message.',
    schema: messageEventSchema,
  },
  'message.delivered': {
    topic: Topics.messagingMessage,
    version: 1,
    summary: 'A delivery receipt confirmed an outbound message (feeds the sms.sent webhook: "an SMS is delivered").',
    schema: messageEventSchema,
  },
  'message.failed': {
    topic: Topics.messagingMessage,
    version: 1,
    summary:
      'An outbound message was rejected by the carrier or reported dead by a receipt (feeds sms.failed); `reason` says why.',
    schema: messageEventSchema,
  },
  'message.cancelled': {
    topic: Topics.messagingMessage,
    version: 1,
    summary:
      'An outbound message was cancelled before the carrier had it (by the customer or because the contact opted out); `reason` says why.',
    schema: messageEventSchema,
  },
  'message.received': {
    topic: Topics.messagingMessage,
    version: 1,
    summary: 'An inbound message arrived (feeds sms.received).',
    schema: messageEventSchema,
  },
  'message.no_channel': {
    topic: Topics.messagingMessage,
    version: 1,
    summary: 'Nothing can reach the number of an outbound message (e.g. a landline); `reason` says why.',
    schema: messageEventSchema,
  },
  'contact.opted_out': {
    topic: Topics.messagingContact,
    version: 1,
    summary: 'A contact opted out of the workspace (an inbound STOP-like keyword); queued messages to it are cancelled.',
    schema: contactOptChangeSchema,
  },
  'contact.opted_in': {
    topic: Topics.messagingContact,
    version: 1,
    summary: 'A contact opted back in (an inbound START, UNSTOP or YES).',
    schema: contactOptChangeSchema,
  },
  'contact.erased': {
    topic: Topics.messagingContact,
    version: 1,
    summary:
      'Messaging erased its part of a CRM contact (bodies, attachments, the contact record; an opt-out kept as a keyed hash).',
    schema: contactErasedSchema,
  },
  'conversation.replied': {
    topic: Topics.messagingConversation,
    version: 1,
    summary: 'An inbound message arrived on a conversation that had outbound messages (feeds sms.replied).',
    schema: conversationRepliedSchema,
  },
  'webhook.delivery_failed': {
    topic: Topics.webhooksWebhook,
    version: 1,
    summary: 'A webhook delivery failed for good: its 5th attempt failed, or the endpoint answered 410 Gone.',
    schema: webhookDeliveryFailedSchema,
  },
  'webhook.status_changed': {
    topic: Topics.webhooksWebhook,
    version: 1,
    summary: 'A webhook changed status (e.g. marked failed after a failed delivery, disabled by a 410); `reason` says why.',
    schema: webhookStatusChangedSchema,
  },
  'webhook.contact_erased': {
    topic: Topics.webhooksWebhook,
    version: 1,
    summary: 'Webhook-dispatch scrubbed the stored deliveries and attempt answers that mention an erased CRM contact.',
    schema: webhookContactErasedSchema,
  },
};

export const EVENT_TYPES = Object.keys(EVENT_DEFINITIONS) as EventType[];

export const EVENT_TOPICS = Object.fromEntries(EVENT_TYPES.map((type) => [type, EVENT_DEFINITIONS[type].topic])) as {
  readonly [K in EventType]: Topic;
};

export const EVENT_VERSIONS = Object.fromEntries(EVENT_TYPES.map((type) => [type, EVENT_DEFINITIONS[type].version])) as {
  readonly [K in EventType]: number;
};
