import { payloadSchema } from './payload-schema';

/**
 * Payloads on `platform.workflow_step.v1`: a workflow step asking the app that owns a channel to
 * act (messaging sends the text or the email). Subject: the run id, so one run's requests stay in
 * order. `idempotency_key` names the (run, step): the owner acts on it through its inbox, and
 * keys its own row by it, so a redelivered or repeated request never sends twice.
 */
export interface WorkflowSmsRequestedData {
  company_id: string;
  workflow_id: string;
  run_id: string;
  /** The step's number in its run, from 1. */
  step: number;
  /** `wf:<run_id>:<step>`. */
  idempotency_key: string;
  /** The message id messaging gives the text (a UUID derived from the key), so the run's log can name it. */
  message_id: string;
  contact_id: string;
  /** E.164. */
  to: string;
  first_name: string | null;
  /** The rendered text. */
  body: string;
}

export interface WorkflowEmailRequestedData {
  company_id: string;
  workflow_id: string;
  run_id: string;
  step: number;
  idempotency_key: string;
  contact_id: string;
  /** Messaging's email domain the company sends from. */
  domain_id: string;
  to: string;
  subject: string;
  /** The rendered plain-text body. */
  text: string;
}

const numericId = { type: 'string', pattern: '^[0-9]+$' } as const;
const key = { type: 'string', pattern: '^wf:[0-9]+:[0-9]+$', maxLength: 64 } as const;

export const workflowSmsRequestedSchema = payloadSchema<WorkflowSmsRequestedData>({
  properties: {
    company_id: numericId,
    workflow_id: numericId,
    run_id: numericId,
    step: { type: 'integer', minimum: 1 },
    idempotency_key: key,
    message_id: { type: 'string', format: 'uuid' },
    contact_id: numericId,
    to: { type: 'string', pattern: '^\\+[1-9][0-9]{6,14}$', description: 'E.164' },
    first_name: { type: ['string', 'null'], maxLength: 255 },
    body: { type: 'string', maxLength: 2000 },
  },
  required: [
    'company_id',
    'workflow_id',
    'run_id',
    'step',
    'idempotency_key',
    'message_id',
    'contact_id',
    'to',
    'first_name',
    'body',
  ],
});

export const workflowEmailRequestedSchema = payloadSchema<WorkflowEmailRequestedData>({
  properties: {
    company_id: numericId,
    workflow_id: numericId,
    run_id: numericId,
    step: { type: 'integer', minimum: 1 },
    idempotency_key: key,
    contact_id: numericId,
    domain_id: { type: 'string', maxLength: 64 },
    to: { type: 'string', maxLength: 254 },
    subject: { type: 'string', maxLength: 998 },
    text: { type: 'string', maxLength: 100000 },
  },
  required: [
    'company_id',
    'workflow_id',
    'run_id',
    'step',
    'idempotency_key',
    'contact_id',
    'domain_id',
    'to',
    'subject',
    'text',
  ],
});
