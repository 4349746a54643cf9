import { Global, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { environmentSlicesOf } from '@suite/config';
import { BaseEnvironment } from '@suite/config';
import { TargetResolver } from '../targets/target-resolver';
import { TargetsModule } from '../targets/targets.module';
import { loadWebhookDispatchEnvironment } from '../webhook-dispatch.app';
import { SendingModule } from './sending.module';
import { WebhookSender } from './webhook-sender';

const env = loadWebhookDispatchEnvironment({ DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db' });

// As the app registers it (libs/http's EnvironmentModule): the whole environment and each slice by its class.
const providers = [
  { provide: BaseEnvironment, useValue: env },
  ...environmentSlicesOf(env).map(([slice, value]) => ({ provide: slice, useValue: value })),
];

@Global()
@Module({ providers, exports: providers.map((provider) => provider.provide) })
class TestEnvironmentModule {}

describe('SendingModule', () => {
  it('builds a sender whose guard asks the (overridable) resolver', async () => {
    const resolve = jest.fn().mockResolvedValue([{ address: '10.0.0.8', family: 4 }]);
    const module = await Test.createTestingModule({
      imports: [TestEnvironmentModule, TargetsModule.forRoot(), SendingModule],
    })
      .overrideProvider(TargetResolver)
      .useValue({ resolve })
      .compile();
    const result = await module.get(WebhookSender).send({ url: 'https://hooks.test/', headers: {}, body: Buffer.from('{}') });
    expect(result.error).toBe(
      'target refused: hooks.test resolves to 10.0.0.8, a private address (10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16); ' +
        'webhooks are only sent to public addresses',
    );
    expect(resolve).toHaveBeenCalledWith('hooks.test');
  });
});
