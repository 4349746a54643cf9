import type { TestTokenIssuer } from '@suite/testing';
import { announceUsers } from '../announce-users';
import type { EventWriter } from '../webhooks/event-writer';

/** The company, user and pipeline the bench works in; ids numeric (SQL) and as the API gives them (base64). */
export interface CrmWorkspace {
  companyId: string;
  userId: string;
  pipelineId: string;
  pipelineApiId: string;
  /** In sorting order. */
  stages: Array<{ id: string; apiId: string }>;
  /** A fresh bearer token (the issuer's last 5 minutes: one per run). */
  token(): Promise<string>;
}

const fromBase64 = (id: string): string => Buffer.from(id, 'base64').toString('latin1');

/**
 * A company and a user allowed to view and edit pipelines, announced to the platform's replicas
 * (announceUsers), and a pipeline of `stages` stages created through POST /api/pipeline with the
 * user's token.
 */
export async function createCrmWorkspace(options: {
  appUrl: string;
  schema: string;
  writer: EventWriter;
  tokens: TestTokenIssuer;
  stages: number;
  timeoutMs: number;
}): Promise<CrmWorkspace> {
  const [user] = await announceUsers({
    count: 1,
    schema: options.schema,
    writer: options.writer,
    permissions: ['view-pipelines', 'edit-pipelines'],
    timeoutMs: options.timeoutMs,
  });
  const { companyId, userId } = user!;
  const token = () => options.tokens.accessToken({ userId, companyId });
  const pipeline = await createPipeline(options.appUrl, await token(), 'Bench pipeline', options.stages);
  return { companyId, userId, ...pipeline, token };
}

/** A pipeline of `stages` stages, created through POST /api/pipeline. */
export async function createPipeline(
  appUrl: string,
  token: string,
  name: string,
  stages: number,
): Promise<Pick<CrmWorkspace, 'pipelineId' | 'pipelineApiId' | 'stages'>> {
  const response = await fetch(`${appUrl}/api/pipeline`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name, stages: Array.from({ length: stages }, (_, index) => `Stage ${index + 1}`) }),
  });
  if (response.status !== 201) throw new Error(`POST /api/pipeline answered ${response.status}: ${await response.text()}`);
  const { data } = (await response.json()) as { data: { id: string; stages: Array<{ id: string }> } };
  return {
    pipelineId: fromBase64(data.id),
    pipelineApiId: data.id,
    stages: data.stages.map((stage) => ({ id: fromBase64(stage.id), apiId: stage.id })),
  };
}
