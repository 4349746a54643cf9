import { CompanyScopedRepository } from '@suite/database';
import { Injectable } from '@nestjs/common';
import { In, IsNull, type EntityManager } from 'typeorm';
import { AgentEntity, PhoneNumberEntity } from '../../voice';
import { ContactListEntity, PipelineStageEntity, PipelineEntity } from '../../crm';
import { UserEntity } from '../../directory';
import type { GraphReference } from '../definition/graph-references';
import type { ReferenceKind } from '../definition/reference-kinds';
import type { WorkflowGraph } from '../definition/workflow-graph';
import { referenceField, referenceLabel } from './reference-field';

/** What one field of the 422 says, by field key (`trigger_config.actions[a3].config.stage_id`). */
export type ReferenceProblems = Record<string, string[]>;

const KIND_NOUN: Record<ReferenceKind, string> = {
  pipeline: 'a pipeline',
  stage: 'a stage',
  list: 'a list',
  user: 'a live user',
  agent: 'an agent',
  phone_number: 'a live phone number',
  email_domain: 'an email domain',
};

/**
 * Checks that every company-specific selection of a graph names a row of the company, the check
 * activation (and a save of an active workflow) makes: a graph imported from another company, or
 * one whose stage was deleted since, must not run against ids that mean nothing here, or worse,
 * another company's rows. Each kind is one query through CompanyScopedRepository, so another
 * company's id is simply not found. A stage must also belong to the pipeline its node names.
 */
@Injectable()
export class ReferenceResolver {
  async problems(
    manager: EntityManager,
    companyId: string,
    graph: WorkflowGraph,
    references: GraphReference[],
  ): Promise<ReferenceProblems> {
    const found = await this.existing(manager, companyId, references);
    const problems: ReferenceProblems = {};
    for (const reference of references) {
      const message = this.problem(reference, references, found);
      if (message) (problems[referenceField(graph, reference)] ??= []).push(message);
    }
    return problems;
  }

  private problem(reference: GraphReference, all: GraphReference[], found: Existing): string | null {
    // Email domains are messaging's: the platform holds no copy of them, so it cannot check one here.
    // Messaging refuses a send from a domain that is not the company's when the step runs.
    if (reference.kind === 'email_domain') return null;
    if (!found[reference.kind].has(reference.value)) {
      return `${referenceLabel(reference)} is not ${KIND_NOUN[reference.kind]} of this company`;
    }
    if (reference.kind === 'stage') {
      const pipeline = all.find((other) => other.node_id === reference.node_id && other.kind === 'pipeline');
      const stagePipeline = found.stage.get(reference.value);
      if (pipeline && stagePipeline !== pipeline.value) {
        return `${referenceLabel(reference)} is not a stage of pipeline ${pipeline.value}`;
      }
    }
    return null;
  }

  /** The referenced ids that exist in the company, per kind (a stage with its pipeline). */
  private async existing(manager: EntityManager, companyId: string, references: GraphReference[]): Promise<Existing> {
    const ids = (kind: ReferenceKind) => [...new Set(references.filter((r) => r.kind === kind).map((r) => r.value))];
    const idSet = (rows: Array<{ id: string }>) => new Set(rows.map((row) => row.id));
    const when = async <T>(values: string[], query: (values: string[]) => Promise<T[]>): Promise<T[]> =>
      values.length === 0 ? [] : query(values);

    // One after another: in a transaction they share one connection anyway.
    const pipelines = await when(ids('pipeline'), (v) =>
      CompanyScopedRepository.of(manager, PipelineEntity, companyId).find({ select: { id: true }, where: { id: In(v) } }),
    );
    const stages = await when(ids('stage'), (v) =>
      CompanyScopedRepository.of(manager, PipelineStageEntity, companyId).find({
        select: { id: true, pipelineId: true },
        where: { id: In(v) },
      }),
    );
    const lists = await when(ids('list'), (v) =>
      CompanyScopedRepository.of(manager, ContactListEntity, companyId).find({ select: { id: true }, where: { id: In(v) } }),
    );
    const users = await when(ids('user'), (v) =>
      CompanyScopedRepository.of(manager, UserEntity, companyId).find({
        select: { id: true },
        where: { id: In(v), deletedAt: IsNull() },
      }),
    );
    const agents = await when(ids('agent'), (v) =>
      CompanyScopedRepository.of(manager, AgentEntity, companyId).find({
        select: { id: true },
        where: { id: In(v), deletedAt: IsNull() },
      }),
    );
    const numbers = await when(ids('phone_number'), (v) =>
      CompanyScopedRepository.of(manager, PhoneNumberEntity, companyId).find({
        select: { id: true },
        where: { id: In(v), releasedAt: IsNull() },
      }),
    );
    return {
      pipeline: idSet(pipelines),
      stage: new Map(stages.map((stage) => [stage.id, stage.pipelineId])),
      list: idSet(lists),
      user: idSet(users),
      agent: idSet(agents),
      phone_number: idSet(numbers),
      email_domain: new Set(),
    };
  }
}

type Existing = Record<Exclude<ReferenceKind, 'stage'>, Set<string>> & { stage: Map<string, string> };
