import { randomUUID } from 'node:crypto';
import type { CarrierCallback } from '../carrier.port';
import { sandboxCapability } from './sandbox-rules';
import { normalizePhone, PHONE_FORMS } from '@suite/http';

/** `POST /v1/sandbox/inbound`: a person (`from`) texting one of the workspace's numbers (`to`). */
export interface SandboxInboundInput {
  readonly from: string;
  readonly to: string;
  readonly body: string;
}

/**
 * The inbound callback the sandbox "network" would post for this text: phones normalised to
 * E.164 (10-digit US accepted, as everywhere in the API), a fresh carrier id, the channel an
 * iPhone (iMessage) or another phone (SMS) would use. The caller signs
 * it (SandboxCarrier.signedCallback) and submits it to the callback sink, so a simulated
 * inbound message is verified and dispatched exactly like a real one.
 */
export function sandboxInboundCallback(
  input: SandboxInboundInput,
  at: Date,
  carrierMessageId: string = `sbx_in_${randomUUID()}`,
): CarrierCallback {
  const from = e164(input.from, 'from');
  // Channel by the sender's sandbox phone (docs/carriers.md): an iPhone writes by iMessage.
  const channel = sandboxCapability(from).imessage ? 'imessage' : 'sms';
  return { kind: 'inbound', carrierMessageId, from, to: e164(input.to, 'to'), body: input.body, at, channel };
}

function e164(phone: string, field: string): string {
  const normalised = normalizePhone(phone);
  if (normalised === null) throw new RangeError(`${field} must be a valid phone number: ${PHONE_FORMS}`);
  return normalised;
}
