/**
 * The carrier adapters this build knows, by the name MESSAGING_CARRIER selects and the callback
 * path `/v1/carrier/callbacks/{name}` uses. A new adapter adds its name here and its factory in
 * carrier.module.ts (docs/carriers.md).
 */
export const CARRIER_NAMES = ['sandbox'] as const;
export type CarrierName = (typeof CARRIER_NAMES)[number];

export const isCarrierName = (value: string): value is CarrierName => (CARRIER_NAMES as readonly string[]).includes(value);
