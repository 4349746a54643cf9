import autocannon from 'autocannon';
import { FailureSamples } from '../messaging/send-path/failure-samples';
import { sendPaced } from '../messaging/send-path/paced-load';
import { summarise, type LoadResult, type LoadTarget } from '../messaging/send-path/send-load';
import type { CrmWorkspace } from './crm-workspace';

/** Picks a request of a workload: a path and, for a POST, its body. */
type NextRequest = () => { path: string; body?: string };

const toBase64 = (id: string): string => Buffer.from(id, 'latin1').toString('base64');
const pick = <T>(values: readonly T[]): T => values[Math.floor(Math.random() * values.length)]!;

/**
 * GET a stage's page of the pipeline's contacts: `stage` an index into its stages, or a random one;
 * `pages` 1 is always its first page, more a random one of its first `pages`.
 */
export function listRequests(
  pipeline: Pick<CrmWorkspace, 'pipelineApiId' | 'stages'>,
  options: { perPage: number; pages: number; stage: number | 'random' },
): NextRequest {
  const base = `/api/pipeline/${encodeURIComponent(pipeline.pipelineApiId)}/contacts?per_page=${options.perPage}`;
  return () => {
    const stage = options.stage === 'random' ? pick(pipeline.stages) : pipeline.stages[options.stage]!;
    const page = 1 + Math.floor(Math.random() * options.pages);
    return { path: `${base}&stage_id=${encodeURIComponent(stage.apiId)}&page=${page}` };
  };
}

/** POST move-stage: a random contact to a random stage of the pipeline (1 in stages its own: a no-op move). */
export function moveRequests(workspace: CrmWorkspace, contactIds: readonly string[]): NextRequest {
  return () => ({
    path: '/api/pipeline/contact/move-stage',
    body: JSON.stringify({ contact_id: toBase64(pick(contactIds)), stage_id: pick(workspace.stages).apiId }),
  });
}

/**
 * `next`'s requests from `connections` autocannon connections, closed loop, for `seconds`; non-2xx
 * answers are failures, a few kept to print.
 */
export async function runLoad(
  target: LoadTarget,
  next: NextRequest,
  options: { method: 'GET' | 'POST'; seconds: number; connections: number },
): Promise<LoadResult> {
  const samples = new FailureSamples();
  const result = await autocannon({
    url: target.url,
    connections: options.connections,
    duration: options.seconds,
    timeout: 10,
    requests: [
      {
        method: options.method,
        headers: { ...(options.method === 'POST' ? { 'content-type': 'application/json' } : {}), ...target.headers },
        setupRequest: (request) => ({ ...request, ...next() }),
        onResponse: (status, body) => {
          if (status < 200 || status >= 300) samples.add(status, body);
        },
      },
    ],
  });
  return summarise(result, samples);
}

/**
 * `next`'s requests at `rate` per second, evenly spaced, open loop (paced-load.ts: latency from each
 * request's due time), for `seconds`: latency at a load both targets hold, not at saturation.
 */
export function runPaced(
  target: LoadTarget,
  next: NextRequest,
  options: { method: 'GET' | 'POST'; seconds: number; rate: number; connections: number },
): Promise<LoadResult> {
  return sendPaced(target, () => ({ method: options.method, ...next() }), options);
}
