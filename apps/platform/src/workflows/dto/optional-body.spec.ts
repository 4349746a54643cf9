import 'reflect-metadata';
import { CreateWorkflowRequest } from './create-workflow.request';
import { OptionalBody } from './optional-body';

describe('OptionalBody', () => {
  const pipe = new (OptionalBody(CreateWorkflowRequest))();

  it('reads no body as an empty one', async () => {
    await expect(pipe.transform(undefined)).resolves.toBeInstanceOf(CreateWorkflowRequest);
    await expect(pipe.transform(null)).resolves.toEqual({});
  });

  it('validates a body as the app pipe does: bounds and unknown fields are 400', async () => {
    await expect(pipe.transform({ name: 'Follow-up' })).resolves.toMatchObject({ name: 'Follow-up' });
    for (const body of [{ name: 'n'.repeat(256) }, { is_admin: true }, { trigger_config: 'graph' }]) {
      await expect(pipe.transform(body)).rejects.toMatchObject({ kind: 'invalid' });
    }
  });
});
