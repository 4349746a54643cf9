import { unscopedRepository } from '@suite/database';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { WorkflowGraph } from '../../definition/workflow-graph';
import { WorkflowVersionEntity } from '../../workflow-version.entity';

const CACHED_VERSIONS = 1_000;

/**
 * The frozen graphs runs execute. A version row never changes once written, so a graph read
 * once is kept (the most recently used thousand): a step reads no graph from the database.
 */
@Injectable()
export class WorkflowVersions {
  private readonly cache = new Map<string, WorkflowGraph>();

  /** The graph of a version of a workflow already found in its company; null when it was deleted. */
  async graph(manager: EntityManager, workflowId: string, version: number): Promise<WorkflowGraph | null> {
    const key = `${workflowId}:${version}`;
    const cached = this.cache.get(key);
    if (cached) {
      this.cache.delete(key);
      this.cache.set(key, cached);
      return cached;
    }
    const row = await unscopedRepository(manager, WorkflowVersionEntity).findOne({ where: { workflowId, version } });
    if (!row) return null;
    this.cache.set(key, row.graph);
    if (this.cache.size > CACHED_VERSIONS) this.cache.delete(this.cache.keys().next().value!);
    return row.graph;
  }
}
