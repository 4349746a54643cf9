/**
 * The carrier adapters this build knows, by the name MESSAGING_CARRIER selects. A new adapter adds
 * its name here and its factory in carrier.module.ts (docs/carriers.md). `sendblue+twilio` is the
 * composite: iMessage through Sendblue, SMS and MMS through Twilio.
 */
export const CARRIER_NAMES = ['sandbox', 'twilio', 'sendblue', 'sendblue+twilio'] as const;
export type CarrierName = (typeof CARRIER_NAMES)[number];

export const isCarrierName = (value: string): value is CarrierName => (CARRIER_NAMES as readonly string[]).includes(value);

/** Whether the carrier named `carrier` talks to `provider` (so needs its variables). */
export const usesProvider = (carrier: string, provider: 'twilio' | 'sendblue'): boolean => carrier.split('+').includes(provider);
