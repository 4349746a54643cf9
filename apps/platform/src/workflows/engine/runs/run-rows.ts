import { CompanyScopedSql, entityTable, unnestArrays, unnestSql, type UnnestColumns } from '@suite/database';
import type { EntityManager } from 'typeorm';
import { WorkflowRunEntity } from '../workflow-run.entity';

/** A run to insert: the version and contact it is for, the event that starts it, the node it starts at and its job's id. */
export interface NewRun {
  workflowId: string;
  version: number;
  contactId: string;
  triggerType: string;
  triggerEventId: string;
  cursor: string;
  stepJobId: string;
}

/** The loop guard as the insert applies it: at most `max` starts of a workflow per contact since `since`. */
export interface LoopGuard {
  since: Date;
  max: number;
  /** The refused run's error, and when it finished (it never ran). */
  refusal: string;
  now: Date;
}

/** The columns of a run, as its entity names them (RETURNING). */
const RUN_COLUMNS = `id, company_id AS "companyId", workflow_id AS "workflowId", version, contact_id AS "contactId",
  trigger_type AS "triggerType", trigger_event_id AS "triggerEventId", status, cursor, step_job_id AS "stepJobId",
  next_step AS "nextStep", wake_at AS "wakeAt", step_attempts AS "stepAttempts", error,
  started_at AS "startedAt", finished_at AS "finishedAt", updated_at AS "updatedAt"`;

/** The columns of a run to insert (NewRun), as the insert's `unnest` names them. */
const NEW_RUN_COLUMNS: UnnestColumns<NewRun> = {
  workflow_id: ['bigint', (run) => run.workflowId],
  version: ['int', (run) => run.version],
  contact_id: ['bigint', (run) => run.contactId],
  trigger_type: ['varchar', (run) => run.triggerType],
  trigger_event_id: ['uuid', (run) => run.triggerEventId],
  cursor: ['varchar', (run) => run.cursor],
  step_job_id: ['uuid', (run) => run.stepJobId],
};

/** The moving parts of a run that updateRuns writes back, by its id. */
const RUN_UPDATE_COLUMNS: UnnestColumns<WorkflowRunEntity> = {
  id: ['bigint', (run) => run.id],
  status: ['varchar', (run) => run.status],
  cursor: ['varchar', (run) => run.cursor],
  next_step: ['int', (run) => run.nextStep],
  wake_at: ['timestamptz', (run) => run.wakeAt],
  step_attempts: ['int', (run) => run.stepAttempts],
  step_job_id: ['uuid', (run) => run.stepJobId],
  error: ['text', (run) => run.error],
  finished_at: ['timestamptz', (run) => run.finishedAt],
};

/**
 * Inserts a company's runs in one statement, the loop guard evaluated in it: a run is refused
 * (inserted `skipped`, with the reason) when its contact's runs of that workflow since
 * `guard.since` that were not refused — those already in the table and those before it in `runs` —
 * reach `guard.max`. Before it in `runs` counts as the same count made start by start would: the
 * n-th start of a workflow for a contact runs while the runs already there plus n − 1 stay under
 * the bound (every earlier one ran then too). The unique trigger index still refuses a start twice.
 * Answers the rows in the order of `runs`.
 */
export async function insertRuns(
  manager: EntityManager,
  companyId: string,
  runs: readonly NewRun[],
  guard: LoopGuard,
): Promise<WorkflowRunEntity[]> {
  const table = entityTable(manager.connection, WorkflowRunEntity);
  const rows = await CompanyScopedSql.of(manager, companyId).rows<WorkflowRunEntity & { ord: string }>(
    `WITH s AS (
       SELECT s.*, row_number() OVER (PARTITION BY s.workflow_id, s.contact_id ORDER BY s.ord) - 1 AS earlier
         FROM ${unnestSql('s', NEW_RUN_COLUMNS, { from: 6, ordinality: 'ord' })}
     ), guarded AS (
       SELECT s.*, (SELECT count(*) FROM ${table} r
                     WHERE r.company_id = $1 AND r.workflow_id = s.workflow_id AND r.contact_id = s.contact_id
                       AND r.status <> 'skipped' AND r.started_at >= $2) + s.earlier >= $3 AS refused
         FROM s
     ), inserted AS (
       INSERT INTO ${table} AS r (company_id, workflow_id, version, contact_id, trigger_type, trigger_event_id,
                                  status, cursor, step_job_id, error, finished_at)
       SELECT $1, workflow_id, version, contact_id, trigger_type, trigger_event_id,
              CASE WHEN refused THEN 'skipped' ELSE 'running' END,
              CASE WHEN refused THEN NULL ELSE cursor END,
              CASE WHEN refused THEN NULL ELSE step_job_id END,
              CASE WHEN refused THEN $4 END,
              CASE WHEN refused THEN $5::timestamptz END
         FROM guarded ORDER BY ord
       RETURNING ${RUN_COLUMNS}
     )
     SELECT inserted.*, s.ord FROM inserted
       JOIN s ON s.workflow_id = inserted."workflowId" AND s.version = inserted.version
             AND s.contact_id = inserted."contactId" AND s.trigger_event_id = inserted."triggerEventId"
      ORDER BY s.ord`,
    [guard.since, guard.max, guard.refusal, guard.now, ...unnestArrays(runs, NEW_RUN_COLUMNS)],
  );
  return rows.map(({ ord: _ord, ...row }) => Object.assign(new WorkflowRunEntity(), row));
}

/**
 * Writes the moving parts of a company's runs back, one UPDATE for all (each run's row is held by
 * the caller's transaction: inserted by it, or locked).
 */
export async function updateRuns(manager: EntityManager, companyId: string, runs: readonly WorkflowRunEntity[]): Promise<void> {
  if (runs.length === 0) return;
  const table = entityTable(manager.connection, WorkflowRunEntity);
  await CompanyScopedSql.of(manager, companyId).run(
    `UPDATE ${table} AS r
        SET status = u.status, cursor = u.cursor, next_step = u.next_step, wake_at = u.wake_at,
            step_attempts = u.step_attempts, step_job_id = u.step_job_id, error = u.error,
            finished_at = u.finished_at, updated_at = now()
       FROM ${unnestSql('u', RUN_UPDATE_COLUMNS, { from: 2 })}
      WHERE r.company_id = $1 AND r.id = u.id`,
    unnestArrays(runs, RUN_UPDATE_COLUMNS),
  );
}
