import type { OutboxRecord } from './outbox-relay-store';
import { slicesByBytes } from './outbox-relay';

const record = (seq: number, size: number): OutboxRecord => ({
  seq: String(seq),
  id: `id-${seq}`,
  topic: 't',
  type: 'x',
  subject: 's',
  envelope: 'x'.repeat(size - 1),
  traceparent: null,
});

describe('slicesByBytes', () => {
  it('keeps a small batch in one slice', () => {
    const batch = [record(1, 100), record(2, 100)];
    expect(slicesByBytes(batch, 1000)).toEqual([batch]);
  });

  it('cuts at the byte limit and keeps seq order across slices', () => {
    const batch = Array.from({ length: 10 }, (_, i) => record(i + 1, 300));
    const slices = slicesByBytes(batch, 1000);
    expect(slices.map((s) => s.length)).toEqual([3, 3, 3, 1]);
    expect(slices.flat().map((r) => r.seq)).toEqual(batch.map((r) => r.seq));
  });

  it('sends a record larger than the limit on its own', () => {
    const batch = [record(1, 10), record(2, 5000), record(3, 10)];
    expect(slicesByBytes(batch, 1000).map((s) => s.map((r) => r.seq))).toEqual([['1'], ['2'], ['3']]);
  });

  it('counts bytes, not characters', () => {
    const wide = { ...record(1, 1), envelope: 'é'.repeat(400) }; // 800 bytes
    expect(slicesByBytes([wide, wide], 1000)).toHaveLength(2);
  });
});
