import { MESSAGE_STATUSES } from '@suite/message-status';
import { decideReceipt } from './receipt-decision';

describe('decideReceipt', () => {
  it('moves a sent message: delivered → deliver, failed → fail_delivery', () => {
    expect(decideReceipt('sent', 'delivered')).toEqual({ kind: 'apply', event: 'deliver' });
    expect(decideReceipt('sent', 'failed')).toEqual({ kind: 'apply', event: 'fail_delivery' });
  });

  it('a receipt for no message of ours is unknown (200 and a warning)', () => {
    expect(decideReceipt(null, 'delivered')).toEqual({ kind: 'unknown' });
  });

  it('the same verdict again is a duplicate (a provider retry)', () => {
    expect(decideReceipt('delivered', 'delivered')).toEqual({ kind: 'duplicate' });
    expect(decideReceipt('failed', 'failed')).toEqual({ kind: 'duplicate' });
  });

  it('a message not recorded as sent yet asks for a retry', () => {
    expect(decideReceipt('queued', 'delivered')).toEqual({ kind: 'not_yet' });
    expect(decideReceipt('sending', 'failed')).toEqual({ kind: 'not_yet' });
  });

  it('never changes a verdict already given, nor touches messages a receipt cannot concern', () => {
    expect(decideReceipt('failed', 'delivered')).toEqual({ kind: 'conflicting', current: 'failed' });
    expect(decideReceipt('delivered', 'failed')).toEqual({ kind: 'conflicting', current: 'delivered' });
    for (const status of ['cancelled', 'received', 'no_channel'] as const) {
      expect(decideReceipt(status, 'delivered')).toEqual({ kind: 'conflicting', current: status });
    }
  });

  it('has an answer for every status and receipt', () => {
    for (const status of MESSAGE_STATUSES) {
      for (const receipt of ['delivered', 'failed'] as const)
        expect(decideReceipt(status, receipt).kind).toEqual(expect.any(String));
    }
  });
});
