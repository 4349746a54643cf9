import { Global, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { ENVIRONMENT } from '@suite/http';
import { TargetsModule } from '../targets/targets.module';
import { loadWebhookDispatchEnvironment } from '../webhook-dispatch.app';
import { SendingModule } from './sending.module';
import { WebhookSender } from './webhook-sender';

const env = loadWebhookDispatchEnvironment({ DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db' });

@Global()
@Module({ providers: [{ provide: ENVIRONMENT, useValue: env }], exports: [ENVIRONMENT] })
class TestEnvironmentModule {}

describe('SendingModule', () => {
  it('builds a sender whose guard asks the (overridable) resolver', async () => {
    const resolve = jest.fn().mockResolvedValue([{ address: '10.0.0.8', family: 4 }]);
    const module = await Test.createTestingModule({
      imports: [TestEnvironmentModule, TargetsModule.forRoot({ resolve }), SendingModule],
    }).compile();
    const result = await module.get(WebhookSender).send({ url: 'https://hooks.test/', headers: {}, body: Buffer.from('{}') });
    expect(result.error).toBe(
      'target refused: hooks.test resolves to 10.0.0.8, a private address (10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16); ' +
        'webhooks are only sent to public addresses',
    );
    expect(resolve).toHaveBeenCalledWith('hooks.test');
  });
});
