import type { TestTokenIssuer } from '@suite/testing';
import { announceUsers } from '../announce-users';
import type { EventWriter } from '../webhooks/event-writer';

/** The company the bench works in and its active workflow (ids numeric, as in SQL). */
export interface WorkflowWorkspace {
  companyId: string;
  userId: string;
  workflowId: string;
}

/** The workflow of the goal: a new contact is texted, waits 1 s, and is tagged. */
export const BENCH_GRAPH = {
  triggers: [{ id: 't', type: 'contact_created', config: {} }],
  actions: [
    { id: 'sms', type: 'send_sms', config: { message: 'Hi {{contact.first_name}}' } },
    { id: 'w', type: 'wait', config: { duration: { amount: 1, unit: 'seconds' } } },
    { id: 'tag', type: 'add_tag', config: { tag: 'welcomed' } },
  ],
  edges: [
    { from: 't', to: 'sms' },
    { from: 'sms', to: 'w' },
    { from: 'w', to: 'tag' },
  ],
};

/** The tag the workflow's last step adds (the baseline adds the same). */
export const BENCH_TAG = 'welcomed';

const fromBase64 = (id: string): string => Buffer.from(id, 'base64').toString('latin1');

/**
 * A company and a user allowed to view and edit workflows, announced to the platform's replicas
 * (announceUsers), and the bench's workflow created (POST /api/Workflow/create) and activated
 * (PUT /api/Workflow/status/{id}) with the user's token, as a user of the product would.
 */
export async function createWorkflowWorkspace(options: {
  appUrl: string;
  schema: string;
  writer: EventWriter;
  tokens: TestTokenIssuer;
  timeoutMs: number;
}): Promise<WorkflowWorkspace> {
  const [user] = await announceUsers({
    count: 1,
    schema: options.schema,
    writer: options.writer,
    permissions: ['view-workflows', 'edit-workflows'],
    timeoutMs: options.timeoutMs,
  });
  const { companyId, userId } = user!;
  const token = await options.tokens.accessToken({ userId, companyId });
  const call = async (method: string, path: string, body: unknown, expected: number) => {
    const response = await fetch(`${options.appUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    if (response.status !== expected) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return ((await response.json()) as { data: { id: string } }).data;
  };
  const created = await call('POST', '/api/Workflow/create', { name: 'Bench welcome', trigger_config: BENCH_GRAPH }, 201);
  await call('PUT', `/api/Workflow/status/${encodeURIComponent(created.id)}`, { status: 'active' }, 200);
  return { companyId, userId, workflowId: fromBase64(created.id) };
}
