import { defineEvent } from './define-event';
import { nullable, payload, Type, type Static } from './payload-schema';
import { numericId } from './payload-fields';
import { Topics } from './topics';

/**
 * Payloads on `platform.workflow_step.v1`: a workflow step asking the app that owns a channel to
 * act (messaging sends the text or the email). Subject: the run id, so one run's requests stay in
 * order. `idempotency_key` names the (run, step): the owner acts on it through its inbox, and
 * keys its own row by it, so a redelivered or repeated request never sends twice.
 */
/** `wf:<run_id>:<step>`. */
const key = Type.String({ pattern: '^wf:[0-9]+:[0-9]+$', maxLength: 64 });
/** The step's number in its run, from 1. */
const step = Type.Integer({ minimum: 1 });

export const workflowSmsRequestedSchema = payload({
  company_id: numericId,
  workflow_id: numericId,
  run_id: numericId,
  step,
  idempotency_key: key,
  /** The message id messaging gives the text (a UUID derived from the key), so the run's log can name it. */
  message_id: Type.String({ format: 'uuid' }),
  contact_id: numericId,
  to: Type.String({ pattern: '^\\+[1-9][0-9]{6,14}$', description: 'E.164' }),
  first_name: nullable(Type.String({ maxLength: 255 })),
  /** The rendered text. */
  body: Type.String({ maxLength: 2000 }),
});
export type WorkflowSmsRequestedData = Static<typeof workflowSmsRequestedSchema>;

export const workflowEmailRequestedSchema = payload({
  company_id: numericId,
  workflow_id: numericId,
  run_id: numericId,
  step,
  idempotency_key: key,
  contact_id: numericId,
  /** Messaging's email domain the company sends from. */
  domain_id: Type.String({ maxLength: 64 }),
  to: Type.String({ maxLength: 254 }),
  subject: Type.String({ maxLength: 998 }),
  /** The rendered plain-text body. */
  text: Type.String({ maxLength: 100000 }),
});
export type WorkflowEmailRequestedData = Static<typeof workflowEmailRequestedSchema>;

export const PLATFORM_WORKFLOW_STEP_EVENTS = [
  defineEvent(
    'workflow_step.sms_requested',
    Topics.platformWorkflowStep,
    workflowSmsRequestedSchema,
    'A workflow step asks messaging to text a contact (idempotency key per run and step).',
  ),
  defineEvent(
    'workflow_step.email_requested',
    Topics.platformWorkflowStep,
    workflowEmailRequestedSchema,
    'A workflow step asks messaging to email a contact (idempotency key per run and step).',
  ),
] as const;
