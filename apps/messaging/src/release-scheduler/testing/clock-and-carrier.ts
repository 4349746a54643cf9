import { CLOCK, type Clock } from '@suite/time';
import type { ProviderOverride } from '@suite/testing';
import { CARRIER, type Carrier } from '../../carrier/carrier.port';

/** What a scheduler spec replaces in the app (decision 0057): the CLOCK every decision reads and the CARRIER it hands messages to. */
export const clockAndCarrier = (clock: Clock, carrier: Carrier): ProviderOverride[] => [
  { provide: CLOCK, useValue: clock },
  { provide: CARRIER, useValue: carrier },
];
