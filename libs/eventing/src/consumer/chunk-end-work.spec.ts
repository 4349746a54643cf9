import type { EntityManager } from 'typeorm';
import { addToChunkEnd, ChunkEndWork } from './chunk-end-work';

const manager = () => ({}) as EntityManager;

describe('addToChunkEnd', () => {
  it('runs each kind of work once per transaction with every item, in the order the kinds were first used', async () => {
    const tx = manager();
    const runs: string[] = [];
    const [rows, jobs] = [{}, {}];
    ChunkEndWork.open(tx);
    addToChunkEnd(tx, rows, 1, async (items) => runs.push(`rows ${items.join(',')}`));
    addToChunkEnd(tx, jobs, 'a', async (items) => runs.push(`jobs ${items.join(',')}`));
    addToChunkEnd(tx, rows, 2, async () => runs.push('never: the first flush of a kind is used'));
    await ChunkEndWork.finish(tx);
    expect(runs).toEqual(['rows 1,2', 'jobs a']);
    // Finished: the transaction takes no more work.
    expect(() => addToChunkEnd(tx, rows, 3, async () => undefined)).toThrow(/only inside an inbox transaction/);
  });

  it('keeps transactions apart, and drops what a rolled-back one left', async () => {
    const [first, second] = [manager(), manager()];
    const seen: number[][] = [];
    const key = {};
    ChunkEndWork.open(first);
    ChunkEndWork.open(second);
    addToChunkEnd(first, key, 1, async (items) => seen.push([...items]));
    addToChunkEnd(second, key, 2, async (items) => seen.push([...items]));
    ChunkEndWork.drop(first);
    await ChunkEndWork.finish(first);
    await ChunkEndWork.finish(second);
    expect(seen).toEqual([[2]]);
  });

  it('refuses work outside an inbox transaction rather than leave it never done', () => {
    expect(() => addToChunkEnd(manager(), {}, 1, async () => undefined)).toThrow(/only inside an inbox transaction/);
  });

  it('fails the transaction when a flush throws', async () => {
    const tx = manager();
    ChunkEndWork.open(tx);
    addToChunkEnd(tx, {}, 1, async () => {
      throw new Error('poison');
    });
    await expect(ChunkEndWork.finish(tx)).rejects.toThrow('poison');
  });
});
