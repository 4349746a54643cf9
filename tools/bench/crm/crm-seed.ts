import { Client } from 'pg';
import type { CrmWorkspace } from './crm-workspace';

/**
 * Contacts put straight into the platform's tables, set-based (a product import would go through
 * the API; the bench needs 100,000 in seconds): contacts of the company and their places in the
 * pipeline, round-robin over its stages, in one statement per call; then each stage's counter set
 * to its true count, and ANALYZE, as a database that grew to this size would have its statistics.
 */
export class CrmSeed {
  private seeded = 0;
  private constructor(
    private readonly client: Client,
    private readonly workspace: CrmWorkspace,
  ) {}

  static async open(databaseUrl: string, workspace: CrmWorkspace): Promise<CrmSeed> {
    const client = new Client({ connectionString: databaseUrl, application_name: 'bench-crm-seed' });
    await client.connect();
    return new CrmSeed(client, workspace);
  }

  get contacts(): number {
    return this.seeded;
  }

  /** Adds contacts until the pipeline holds `total`; resolves with the time it took, ms. */
  async growTo(total: number): Promise<number> {
    const started = performance.now();
    const { companyId, pipelineId, stages } = this.workspace;
    if (total > this.seeded) {
      await this.client.query(
        `WITH created AS (
           INSERT INTO platform.contacts (company_id, first_name)
           SELECT $1, 'Lead ' || n FROM generate_series($2::int, $3::int) AS n
           RETURNING id
         )
         INSERT INTO platform.pipeline_contacts (company_id, pipeline_id, stage_id, contact_id)
         SELECT $1, $4, ($5::bigint[])[1 + ((row_number() OVER (ORDER BY id) + $2) % $6)], id FROM created ORDER BY id`,
        [companyId, this.seeded + 1, total, pipelineId, stages.map((stage) => stage.id), stages.length],
      );
      this.seeded = total;
    }
    await this.client.query(
      `UPDATE platform.pipeline_stages AS s SET contacts_count = c.n
         FROM (SELECT stage_id, count(*)::int AS n FROM platform.pipeline_contacts WHERE pipeline_id = $1 GROUP BY stage_id) AS c
        WHERE s.id = c.stage_id`,
      [pipelineId],
    );
    await this.client.query('ANALYZE platform.contacts, platform.pipeline_contacts, platform.pipeline_stages');
    return performance.now() - started;
  }

  /**
   * Every contact of the company placed in a second pipeline, `pipeline`, its last stage holding the
   * oldest eighth of them and the others round-robin over the rest: a stage as large as each of the
   * first pipeline's, whose newest placement is older than every other stage's (the "Won" stage of a
   * pipeline whose early leads were closed). The counters are set, and ANALYZE.
   */
  async placeOldestInLastStage(pipeline: Pick<CrmWorkspace, 'pipelineId' | 'stages'>): Promise<void> {
    const ids = pipeline.stages.map((stage) => stage.id);
    await this.client.query(
      `INSERT INTO platform.pipeline_contacts (company_id, pipeline_id, stage_id, contact_id)
       SELECT $1, $2, CASE WHEN n <= total / $4 THEN ($3::bigint[])[$4] ELSE ($3::bigint[])[1 + n % ($4 - 1)] END, id
         FROM (SELECT id, row_number() OVER (ORDER BY id) AS n, count(*) OVER () AS total
                 FROM platform.contacts WHERE company_id = $1) AS c
        ORDER BY id`,
      [this.workspace.companyId, pipeline.pipelineId, ids, ids.length],
    );
    await this.client.query(
      `UPDATE platform.pipeline_stages AS s SET contacts_count = c.n
         FROM (SELECT stage_id, count(*)::int AS n FROM platform.pipeline_contacts WHERE pipeline_id = $1 GROUP BY stage_id) AS c
        WHERE s.id = c.stage_id`,
      [pipeline.pipelineId],
    );
    await this.client.query('ANALYZE platform.pipeline_contacts, platform.pipeline_stages');
  }

  /** The company's contact ids (what the move workload picks from). */
  async contactIds(): Promise<string[]> {
    const { rows } = await this.client.query<{ id: string }>('SELECT id FROM platform.contacts WHERE company_id = $1', [
      this.workspace.companyId,
    ]);
    return rows.map((row) => row.id);
  }

  /** EXPLAIN (ANALYZE, BUFFERS) of the page query the list runs (the app's, as the baseline writes it). */
  async explainPage(pipelineId: string, stageId: string, offset: number, perPage: number): Promise<string[]> {
    const { rows } = await this.client.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) SELECT id, stage_id, contact_id FROM platform.pipeline_contacts
        WHERE company_id = $1 AND pipeline_id = $2 AND stage_id = $3 ORDER BY id DESC LIMIT $4 OFFSET $5`,
      [this.workspace.companyId, pipelineId, stageId, perPage, offset],
    );
    return rows.map((row) => row['QUERY PLAN']);
  }

  /** Whether every stage's counter equals its count (moves keep them; checked after the move runs). */
  async countersHold(): Promise<boolean> {
    const { rows } = await this.client.query<{ off: number }>(
      `SELECT count(*)::int AS off FROM platform.pipeline_stages AS s
        WHERE s.pipeline_id = $1
          AND s.contacts_count <> (SELECT count(*) FROM platform.pipeline_contacts AS c WHERE c.stage_id = s.id)`,
      [this.workspace.pipelineId],
    );
    return rows[0]!.off === 0;
  }

  async close(): Promise<void> {
    await this.client.end().catch(() => undefined);
  }
}
