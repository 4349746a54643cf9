import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { EnvironmentError } from '@suite/config';
import { verifyCallbackSignature } from './callback-verifier';
import { CARRIER_SETTINGS, CarrierModule } from './carrier.module';
import { CARRIER, CARRIER_CALLBACK_SINK, type Carrier, type CarrierCallbackSink } from './carrier.port';
import { SANDBOX_DEFAULT_CALLBACK_SECRET, type CarrierSettingsSource } from './carrier-settings';
import { SandboxCarrier } from './sandbox/sandbox-carrier';
import { aSendRequest } from './testing/send-request.builder';

const env = (overrides: Partial<CarrierSettingsSource> = {}): CarrierSettingsSource => ({
  MESSAGING_CARRIER: 'sandbox',
  MESSAGING_SANDBOX_SEND_DELAY_MS: 0,
  MESSAGING_SANDBOX_DELIVERY_DELAY_MS: 0,
  MESSAGING_CAPABILITY_TTL_SECONDS: 604_800,
  ...overrides,
});

async function boot(environment: CarrierSettingsSource, sink?: CarrierCallbackSink): Promise<INestApplicationContext> {
  const moduleRef = await Test.createTestingModule({
    imports: [CarrierModule.forEnvironment(environment)],
    providers: sink ? [{ provide: CARRIER_CALLBACK_SINK, useValue: sink }] : [],
  }).compile();
  moduleRef.useLogger(false);
  return moduleRef.init();
}

const request = aSendRequest();

describe('CarrierModule.forEnvironment', () => {
  let app: INestApplicationContext | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('provides the sandbox by default, whose callbacks reach the app-provided sink signed', async () => {
    const secret = 's'.repeat(40);
    let submitted!: (value: { carrier: string; headers: Record<string, string>; rawBody: string }) => void;
    const receipt = new Promise<{ carrier: string; headers: Record<string, string>; rawBody: string }>(
      (resolve) => (submitted = resolve),
    );
    app = await boot(env({ MESSAGING_CARRIER_CALLBACK_SECRET: secret }), {
      submit: async (carrier, headers, rawBody) => submitted({ carrier, headers, rawBody }),
    });
    const carrier = app.get<Carrier>(CARRIER);
    expect(carrier).toBeInstanceOf(SandboxCarrier);
    expect(app.get(CARRIER_SETTINGS)).toMatchObject({
      carrier: 'sandbox',
      callbackSecret: secret,
      capabilityTtlSeconds: 604_800,
    });

    // Receipts go through the jobs (sandbox-receipts.ts, the release integration spec); a simulated inbound text goes straight.
    const { carrierMessageId } = await (carrier as SandboxCarrier).simulateInbound({
      from: '+12125550100',
      to: '+13105550199',
      body: 'hi',
    });
    const { carrier: name, headers, rawBody } = await receipt;
    expect(name).toBe('sandbox');
    expect(() => verifyCallbackSignature(secret, headers, rawBody, new Date())).not.toThrow();
    expect(carrier.readCallback({ provider: 'sandbox', headers, rawBody, url: null, query: new URLSearchParams() })).toEqual([
      expect.objectContaining({ kind: 'inbound', carrierMessageId, body: 'hi' }),
    ]);
  });

  it('uses the built-in secret in sandbox mode when none is set', async () => {
    app = await boot(env());
    expect(app.get(CARRIER_SETTINGS).callbackSecret).toBe(SANDBOX_DEFAULT_CALLBACK_SECRET);
  });

  it('clears the sandbox timers when the app closes', async () => {
    app = await boot(env({ MESSAGING_SANDBOX_SEND_DELAY_MS: 60_000 }), { submit: async () => undefined });
    const carrier = app.get<SandboxCarrier>(CARRIER);
    const waiting = carrier.send(request);
    expect(carrier.pendingTimers).toBe(1);
    await app.close();
    app = undefined;
    expect(carrier.pendingTimers).toBe(0);
    await expect(waiting).rejects.toThrow(/shutting down/);
  });

  it('says clearly when no callback sink is registered', async () => {
    app = await boot(env());
    const carrier = app.get<SandboxCarrier>(CARRIER);
    await expect(carrier.simulateInbound({ from: '+12125550100', to: '+13105550199', body: 'hi' })).rejects.toThrow(
      /provide CARRIER_CALLBACK_SINK/,
    );
  });

  it.each([
    ['MESSAGING_CARRIER', env({ MESSAGING_CARRIER: 'carrier-pigeon' }), /unknown carrier "carrier-pigeon"; known: sandbox/],
    ['MESSAGING_CARRIER_CALLBACK_SECRET', env({ MESSAGING_CARRIER_CALLBACK_SECRET: 'too short' }), /at least 32 characters/],
  ])('refuses to build naming %s', (variable, environment, reason) => {
    const build = () => CarrierModule.forEnvironment(environment);
    expect(build).toThrow(EnvironmentError);
    expect(build).toThrow(new RegExp(`^Invalid environment: ${variable}: `));
    expect(build).toThrow(reason);
  });
});
