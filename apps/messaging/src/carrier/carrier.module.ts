import { Module, type DynamicModule } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { JobsRuntime } from '@suite/jobs';
import { CLOCK, type Clock } from '@suite/time';
import type { CarrierName } from './carrier-registry';
import { carrierSettingsFromEnvironment, type CarrierSettingsSource, type CarrierSettings } from './carrier-settings';
import { CARRIER, CARRIER_CALLBACK_SINK, type Carrier, type CarrierCallbackSink } from './carrier.port';
import { SendblueTwilioCarrier } from './composite/sendblue-twilio-carrier';
import { SandboxCarrier } from './sandbox/sandbox-carrier';
import { SendblueCarrier } from './sendblue/sendblue-carrier';
import { TwilioCarrier } from './twilio/twilio-carrier';

/** Injection token of the CarrierSettings (callback secret, capability TTL, sandbox delays). */
export const CARRIER_SETTINGS = Symbol('CARRIER_SETTINGS');

interface AdapterDependencies {
  /** The callback sink, resolved when first needed (it lives in a module built later). */
  readonly sink: () => CarrierCallbackSink;
  /** The app's jobs (the sandbox's receipts), resolved when needed; null where none is (a module spec). */
  readonly jobs: () => JobsRuntime | null;
  /** The app's CLOCK; unset where none is provided (a module spec): the adapter reads the system time. */
  readonly clock?: () => Date;
}

const twilio = (settings: CarrierSettings): TwilioCarrier =>
  new TwilioCarrier({ settings: settings.twilio!, publicUrl: settings.publicUrl!, timeoutMs: settings.requestTimeoutMs });
const sendblue = (settings: CarrierSettings): SendblueCarrier =>
  new SendblueCarrier({ settings: settings.sendblue!, publicUrl: settings.publicUrl!, timeoutMs: settings.requestTimeoutMs });

/**
 * One factory per adapter: the only place that knows the concrete classes. carrierSettingsFromEnvironment
 * has checked that the chosen one's settings are there (a missing variable stops start-up naming it).
 */
const ADAPTERS: Record<CarrierName, (settings: CarrierSettings, dependencies: AdapterDependencies) => Carrier> = {
  sandbox: (settings, { sink, jobs, clock }) =>
    new SandboxCarrier({ callbackSecret: settings.callbackSecret, ...settings.sandbox, sink, jobs, ...(clock ? { clock } : {}) }),
  twilio,
  sendblue,
  'sendblue+twilio': (settings) => new SendblueTwilioCarrier(sendblue(settings), twilio(settings)),
};

/**
 * Provides CARRIER (the adapter MESSAGING_CARRIER names) and CARRIER_SETTINGS, globally. An
 * unknown carrier or a missing secret stops start-up naming the variable. The app must provide
 * CARRIER_CALLBACK_SINK somewhere (the callback route's in-process entrance); adapters that post
 * callbacks themselves (the sandbox) look it up when a callback is due. A test replaces the
 * adapter (a recording carrier) by overriding CARRIER (decision 0057).
 */
@Module({})
export class CarrierModule {
  static forEnvironment(env: CarrierSettingsSource): DynamicModule {
    const settings = carrierSettingsFromEnvironment(env);
    return {
      module: CarrierModule,
      global: true,
      providers: [
        { provide: CARRIER_SETTINGS, useValue: settings },
        {
          provide: CARRIER,
          inject: [ModuleRef, { token: CLOCK, optional: true }],
          useFactory: (moduleRef: ModuleRef, clock: Clock | undefined) =>
            ADAPTERS[settings.carrier](settings, {
              sink: () => resolveSink(moduleRef),
              jobs: () => resolveJobs(moduleRef),
              ...(clock ? { clock: () => clock.now() } : {}),
            }),
        },
      ],
      exports: [CARRIER, CARRIER_SETTINGS],
    };
  }
}

function resolveSink(moduleRef: ModuleRef): CarrierCallbackSink {
  try {
    return moduleRef.get<CarrierCallbackSink>(CARRIER_CALLBACK_SINK, { strict: false });
  } catch {
    throw new Error('no CarrierCallbackSink is registered: provide CARRIER_CALLBACK_SINK (the callback route) in the app');
  }
}

function resolveJobs(moduleRef: ModuleRef): JobsRuntime | null {
  try {
    return moduleRef.get(JobsRuntime, { strict: false });
  } catch {
    return null;
  }
}
