/**
 * Topic names, `<app>.<aggregate>.v<major>`. Renaming one is a migration, not an edit:
 * add the new topic, dual-publish, move consumers, then retire the old one.
 */
export const Topics = {
  platformCompany: 'platform.company.v1',
  platformUser: 'platform.user.v1',
  /** The CRM's contacts (leads): `crm_contact.*` (`contact.*` is messaging's, decision 0025). */
  platformContact: 'platform.contact.v1',
  platformPipeline: 'platform.pipeline.v1',
  /** The CRM's selection lists and their members. */
  platformList: 'platform.list.v1',
  platformAppointment: 'platform.appointment.v1',
  /** AI voice agents. */
  platformAgent: 'platform.agent.v1',
  /** Voice calls, as the voice provider reported them. */
  platformCall: 'platform.call.v1',
  /** Dialer campaigns. */
  platformCampaign: 'platform.campaign.v1',
  /** Numbers bought from the voice provider (messaging's sender pool follows them). */
  platformPhoneNumber: 'platform.phone_number.v1',
  /** Automation workflows and their runs. */
  platformWorkflow: 'platform.workflow.v1',
  /** Workflow steps asking another app to act (messaging sends a run's texts and emails). */
  platformWorkflowStep: 'platform.workflow_step.v1',
  authCredential: 'auth.credential.v1',
  /**
   * Published by every app through libs/authz (the code that checks credentials), consumed by
   * auth; `authz` names that shared producer, not an app (decision 0008, addendum).
   */
  authzCredentialUsage: 'authz.credential_usage.v1',
  messagingMessage: 'messaging.message.v1',
  messagingContact: 'messaging.contact.v1',
  messagingConversation: 'messaging.conversation.v1',
  /** Published by the webhook-dispatch app (`webhooks` is its producer segment: a segment has no hyphen). */
  webhooksWebhook: 'webhooks.webhook.v1',
} as const;

export type Topic = (typeof Topics)[keyof typeof Topics];

export const ALL_TOPICS: readonly Topic[] = Object.values(Topics);

/** Where a consumer parks an event it could not handle after its bounded retries. */
export const deadLetterTopic = (topic: string): string => `${topic}.dlq`;
