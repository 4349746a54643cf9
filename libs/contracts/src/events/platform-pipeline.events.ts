import { payloadSchema } from './payload-schema';

/** Payloads on `platform.pipeline.v1`: a company's pipelines, their stages and the contacts moving through them. */
export interface PipelineStageData {
  id: string;
  stage_name: string;
  sorting_order: number;
}

/** `pipeline.created`. Subject: the pipeline id. */
export interface PipelineCreatedData {
  id: string;
  company_id: string;
  name: string;
  stages: PipelineStageData[];
}

/** `pipeline.stage_renamed`. Subject: the pipeline id. */
export interface PipelineStageRenamedData {
  pipeline_id: string;
  company_id: string;
  stage_id: string;
  stage_name: string;
  previous_name: string;
}

/** `pipeline.deleted`: the pipeline, its stages and their links are gone; its contacts left it. Subject: the pipeline id. */
export interface PipelineDeletedData {
  id: string;
  company_id: string;
  name: string;
  /** How many contacts were in the pipeline (each has a stage change to null recorded). */
  contacts_released: number;
  changed_by: string | null;
}

/** Why a contact's stage changed. */
export const STAGE_MOVE_REASONS = ['moved', 'placed'] as const;
export type StageMoveReason = (typeof STAGE_MOVE_REASONS)[number];

/**
 * `pipeline.contact_moved`: a contact entered a stage — placed in the pipeline (`from_stage_id`
 * null) or moved from another of its stages. Subject: the contact id, so one contact's moves stay
 * in order.
 */
export interface PipelineContactMovedData {
  company_id: string;
  contact_id: string;
  pipeline_id: string;
  /** The contact's place in the pipeline (the list's `pipe_stage_id`). */
  pipe_stage_id: string;
  from_stage_id: string | null;
  to_stage_id: string;
  reason: StageMoveReason;
  changed_by: string | null;
  moved_at: string;
}

const numericId = { type: 'string', pattern: '^[0-9]+$' } as const;
const nullableNumericId = { type: ['string', 'null'], pattern: '^[0-9]+$' } as const;

export const pipelineCreatedSchema = payloadSchema<PipelineCreatedData>({
  properties: {
    id: numericId,
    company_id: numericId,
    name: { type: 'string', maxLength: 255 },
    stages: {
      type: 'array',
      items: payloadSchema<PipelineStageData>({
        properties: {
          id: numericId,
          stage_name: { type: 'string', maxLength: 255 },
          sorting_order: { type: 'integer', minimum: 1 },
        },
        required: ['id', 'stage_name', 'sorting_order'],
      }),
    },
  },
  required: ['id', 'company_id', 'name', 'stages'],
});

export const pipelineStageRenamedSchema = payloadSchema<PipelineStageRenamedData>({
  properties: {
    pipeline_id: numericId,
    company_id: numericId,
    stage_id: numericId,
    stage_name: { type: 'string', maxLength: 255 },
    previous_name: { type: 'string', maxLength: 255 },
  },
  required: ['pipeline_id', 'company_id', 'stage_id', 'stage_name', 'previous_name'],
});

export const pipelineDeletedSchema = payloadSchema<PipelineDeletedData>({
  properties: {
    id: numericId,
    company_id: numericId,
    name: { type: 'string', maxLength: 255 },
    contacts_released: { type: 'integer', minimum: 0 },
    changed_by: { ...nullableNumericId, description: 'user id' },
  },
  required: ['id', 'company_id', 'name', 'contacts_released', 'changed_by'],
});

export const pipelineContactMovedSchema = payloadSchema<PipelineContactMovedData>({
  properties: {
    company_id: numericId,
    contact_id: numericId,
    pipeline_id: numericId,
    pipe_stage_id: numericId,
    from_stage_id: { ...nullableNumericId, description: 'null when the contact was placed in the pipeline' },
    to_stage_id: numericId,
    reason: { type: 'string', enum: STAGE_MOVE_REASONS },
    changed_by: { ...nullableNumericId, description: 'user id' },
    moved_at: { type: 'string', format: 'date-time' },
  },
  required: [
    'company_id',
    'contact_id',
    'pipeline_id',
    'pipe_stage_id',
    'from_stage_id',
    'to_stage_id',
    'reason',
    'changed_by',
    'moved_at',
  ],
});
