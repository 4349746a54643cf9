import { MAX_CALLBACKS_PER_BODY } from '../callback-codec';
import type { CarrierCallback } from '../carrier.port';
import { SandboxReceiptPoster, sandboxReceiptsQueue } from './sandbox-receipts';

const AT = new Date('2025-06-02T15:00:02.000Z');

function setup(failWith: Error | null = null) {
  const bodies: CarrierCallback[][] = [];
  const poster = new SandboxReceiptPoster(
    async (callbacks) => {
      bodies.push([...callbacks]);
      if (failWith) throw failWith;
    },
    () => AT,
  );
  return { poster, bodies };
}

describe('SandboxReceiptPoster', () => {
  it('posts the receipts submitted in the same tick in one body, each run resolved with it', async () => {
    const { poster, bodies } = setup();
    await Promise.all([
      poster.submit({ carrierMessageId: 'sbx_1', status: 'delivered' }),
      poster.submit({ carrierMessageId: 'sbx_2', status: 'failed', reason: 'ends in 13' }),
    ]);
    expect(bodies).toEqual([
      [
        { kind: 'status', carrierMessageId: 'sbx_1', status: 'delivered', at: AT },
        { kind: 'status', carrierMessageId: 'sbx_2', status: 'failed', reason: 'ends in 13', at: AT },
      ],
    ]);
    await poster.submit({ carrierMessageId: 'sbx_3', status: 'delivered' });
    expect(bodies.map((body) => body.length)).toEqual([2, 1]);
  });

  it('splits at the largest body a callback may hold', async () => {
    const { poster, bodies } = setup();
    await Promise.all(
      Array.from({ length: MAX_CALLBACKS_PER_BODY + 1 }, (_, i) =>
        poster.submit({ carrierMessageId: `sbx_${i}`, status: 'delivered' }),
      ),
    );
    expect(bodies.map((body) => body.length)).toEqual([MAX_CALLBACKS_PER_BODY, 1]);
  });

  it('fails every run of a body the sink refused (the jobs retry it)', async () => {
    const { poster } = setup(new Error('database unavailable'));
    const runs = [
      poster.submit({ carrierMessageId: 'sbx_1', status: 'delivered' }),
      poster.submit({ carrierMessageId: 'sbx_2', status: 'delivered' }),
    ];
    for (const run of runs) await expect(run).rejects.toThrow('database unavailable');
  });
});

describe('sandboxReceiptsQueue', () => {
  it('polls at a quarter of the delivery delay, between 100 ms and 1 s, and retries for about half an hour', () => {
    const { poster } = setup();
    expect(sandboxReceiptsQueue(poster, 0).pollMs).toBe(100);
    expect(sandboxReceiptsQueue(poster, 2_000).pollMs).toBe(500);
    expect(sandboxReceiptsQueue(poster, 60_000).pollMs).toBe(1_000);
    const retry = sandboxReceiptsQueue(poster, 2_000).retry;
    expect(retry.kind === 'fixed' && retry.delaysMs.reduce((sum, delay) => sum + delay, 0)).toBe(1_881_000);
  });
});
