import type { CarrierSendRequest } from '../carrier.port';

/** A valid hand-off in one line for carrier tests: iMessage to a sandbox iPhone number (last digit 1). */
export const aSendRequest = (overrides: Partial<CarrierSendRequest> = {}): CarrierSendRequest => ({
  messageId: 'msg_1',
  from: '+13105550100',
  to: '+12125550101',
  channel: 'imessage',
  body: 'Hello',
  attachments: [],
  effect: null,
  ...overrides,
});
