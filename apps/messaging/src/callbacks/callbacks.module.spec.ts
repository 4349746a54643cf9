import { MODULE_METADATA } from '@nestjs/common/constants';
import { CarrierCallbacksController } from './carrier-callbacks.controller';
import { CallbacksModule } from './callbacks.module';
import { SandboxInboundController } from './sandbox-inbound.controller';

describe('CallbacksModule.forEnvironment', () => {
  it('mounts POST /v1/sandbox/inbound with the sandbox carrier only; the callback route always', () => {
    expect(CallbacksModule.forEnvironment({ MESSAGING_CARRIER: 'sandbox' }).controllers).toEqual([
      CarrierCallbacksController,
      SandboxInboundController,
    ]);
    expect(CallbacksModule.forEnvironment({ MESSAGING_CARRIER: 'twilio' }).controllers).toEqual([CarrierCallbacksController]);
    expect(Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, CallbacksModule)).toBeUndefined();
  });
});
