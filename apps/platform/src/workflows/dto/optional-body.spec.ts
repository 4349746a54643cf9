import 'reflect-metadata';
import { CreateWorkflowRequest } from './create-workflow.request';
import { OptionalBody } from './optional-body';

const BODY = { type: 'body' } as const;

describe('OptionalBody', () => {
  const pipe = new (OptionalBody(CreateWorkflowRequest))();

  it('reads no body as an empty one', async () => {
    await expect(pipe.transform(undefined, BODY)).resolves.toBeInstanceOf(CreateWorkflowRequest);
    await expect(pipe.transform(null, BODY)).resolves.toEqual({});
  });

  it('validates a body as the app pipe does: bounds and unknown fields are 400', async () => {
    await expect(pipe.transform({ name: 'Follow-up' }, BODY)).resolves.toMatchObject({ name: 'Follow-up' });
    for (const body of [{ name: 'n'.repeat(256) }, { is_admin: true }, { trigger_config: 'graph' }]) {
      await expect(pipe.transform(body, BODY)).rejects.toMatchObject({ kind: 'invalid' });
    }
  });
});
