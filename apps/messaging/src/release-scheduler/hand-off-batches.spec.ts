import type { ClaimedMessage } from './claimed-message';
import { handOffBatches } from './hand-off-batches';

const claimed = (id: string, fromNumber: string): ClaimedMessage => ({
  id,
  companyId: '1',
  contactPhone: `+1312200${id.padStart(4, '0')}`,
  fromNumber,
  senderProvider: 'sandbox',
  attempt: 1,
  dueAt: new Date(0),
  perSecondRate: 5,
  cachedCapability: null,
});

describe('handOffBatches', () => {
  it('splits a tick into at most `concurrency` batches of about equal size, in claim order', () => {
    const messages = Array.from({ length: 10 }, (_, i) => claimed(String(i), `+1415555010${i}`));
    const batches = handOffBatches(messages, 4);
    expect(batches.map((batch) => batch.map((message) => message.id))).toEqual([
      ['0', '1', '2'],
      ['3', '4', '5'],
      ['6', '7', '8'],
      ['9'],
    ]);
  });

  it('keeps every message exactly once', () => {
    const messages = Array.from({ length: 37 }, (_, i) => claimed(String(i), `+14155550${String(i % 7).padStart(3, '0')}`));
    const ids = handOffBatches(messages, 4)
      .flat()
      .map((message) => message.id);
    expect(ids.sort()).toEqual(messages.map((message) => message.id).sort());
  });

  it('never puts one sender number twice in a batch (the pace gate spaces a number across transactions only)', () => {
    const messages = ['a', 'b', 'c', 'd', 'e'].map((id) => claimed(id, '+14155550100'));
    const batches = handOffBatches(messages, 2);
    expect(batches).toHaveLength(5);
    for (const batch of batches) expect(new Set(batch.map((message) => message.fromNumber)).size).toBe(batch.length);
  });

  it('gives nothing for nothing', () => {
    expect(handOffBatches([], 4)).toEqual([]);
  });
});
