import { defineEvent } from './define-event';
import { payload, stringEnum, Type, type Static } from './payload-schema';
import { changedBy, companyRecordIds, instant, nullableNumericId, numericId } from './payload-fields';
import { Topics } from './topics';

/** Payloads on `platform.pipeline.v1`: a company's pipelines, their stages and the contacts moving through them. */

export const pipelineStageSchema = payload({
  id: numericId,
  stage_name: Type.String({ maxLength: 255 }),
  sorting_order: Type.Integer({ minimum: 1 }),
});
export type PipelineStageData = Static<typeof pipelineStageSchema>;

/** `pipeline.created`. Subject: the pipeline id. */
export const pipelineCreatedSchema = payload({
  ...companyRecordIds,
  name: Type.String({ maxLength: 255 }),
  stages: Type.Array(pipelineStageSchema),
});
export type PipelineCreatedData = Static<typeof pipelineCreatedSchema>;

/** `pipeline.stage_renamed`. Subject: the pipeline id. */
export const pipelineStageRenamedSchema = payload({
  pipeline_id: numericId,
  company_id: numericId,
  stage_id: numericId,
  stage_name: Type.String({ maxLength: 255 }),
  previous_name: Type.String({ maxLength: 255 }),
});
export type PipelineStageRenamedData = Static<typeof pipelineStageRenamedSchema>;

/** `pipeline.deleted`: the pipeline, its stages and their links are gone; its contacts left it. Subject: the pipeline id. */
export const pipelineDeletedSchema = payload({
  ...companyRecordIds,
  name: Type.String({ maxLength: 255 }),
  /** How many contacts were in the pipeline (each has a stage change to null recorded). */
  contacts_released: Type.Integer({ minimum: 0 }),
  ...changedBy(),
});
export type PipelineDeletedData = Static<typeof pipelineDeletedSchema>;

/** Why a contact's stage changed. */
export const STAGE_MOVE_REASONS = ['moved', 'placed'] as const;
export type StageMoveReason = (typeof STAGE_MOVE_REASONS)[number];

/**
 * `pipeline.contact_moved`: a contact entered a stage — placed in the pipeline (`from_stage_id`
 * null) or moved from another of its stages. Subject: the contact id, so one contact's moves stay
 * in order.
 */
export const pipelineContactMovedSchema = payload({
  company_id: numericId,
  contact_id: numericId,
  pipeline_id: numericId,
  /** The contact's place in the pipeline (the list's `pipe_stage_id`). */
  pipe_stage_id: numericId,
  from_stage_id: nullableNumericId('null when the contact was placed in the pipeline'),
  to_stage_id: numericId,
  reason: stringEnum(STAGE_MOVE_REASONS),
  ...changedBy(),
  moved_at: instant,
});
export type PipelineContactMovedData = Static<typeof pipelineContactMovedSchema>;

export const PLATFORM_PIPELINE_EVENTS = [
  defineEvent(
    'pipeline.created',
    Topics.platformPipeline,
    pipelineCreatedSchema,
    'A pipeline was created with its ordered stages.',
  ),
  defineEvent(
    'pipeline.stage_renamed',
    Topics.platformPipeline,
    pipelineStageRenamedSchema,
    'A stage of a pipeline was renamed.',
  ),
  defineEvent(
    'pipeline.deleted',
    Topics.platformPipeline,
    pipelineDeletedSchema,
    'A pipeline was deleted with its stages and disposition links; its contacts left it (they stay in the CRM).',
  ),
  defineEvent(
    'pipeline.contact_moved',
    Topics.platformPipeline,
    pipelineContactMovedSchema,
    'A contact entered a stage: placed in the pipeline (from_stage_id null) or moved from another stage. Keyed by the contact.',
  ),
] as const;
