import type { EntityManager } from 'typeorm';

type Flush = (items: readonly unknown[]) => Promise<unknown>;

/**
 * Work `@OnEvent` handlers leave for the end of their inbox transaction, by transaction (the
 * manager the inbox hands to every handler of a chunk), in the order each key was first used.
 */
const open = new WeakMap<EntityManager, Map<object, { items: unknown[]; flush: Flush }>>();

/** The inbox's side (typeorm-inbox.ts): opened before a chunk's first event, finished before COMMIT. */
export const ChunkEndWork = {
  open(manager: EntityManager): void {
    open.set(manager, new Map());
  },

  /** Runs every key's flush once with all its items; a flush that throws fails the transaction. */
  async finish(manager: EntityManager): Promise<void> {
    const work = open.get(manager);
    open.delete(manager);
    for (const { items, flush } of work?.values() ?? []) await flush(items);
  },

  /** The transaction rolled back: what was left is dropped with it. */
  drop(manager: EntityManager): void {
    open.delete(manager);
  },
};

/**
 * Leaves `item` to `flush`, which runs once with every item added under `key` in this inbox
 * transaction — after its last event is applied, before it commits — so a handler that writes one
 * row per event can write a whole chunk's rows in one statement (decision 0031). What the items
 * lead to commits with the chunk or not at all, like the handler's own writes; a flush that throws
 * rolls the chunk back, and the inbox applies its events one per transaction (a poison event then
 * fails alone). `key` is one object per kind of work (the flush of the first item added is used).
 * Only inside an inbox transaction: anywhere else it throws, rather than leave work that never runs.
 */
export function addToChunkEnd<T>(
  manager: EntityManager,
  key: object,
  item: T,
  flush: (items: readonly T[]) => Promise<unknown>,
): void {
  const work = open.get(manager);
  if (!work) throw new Error('addToChunkEnd: only inside an inbox transaction (an @OnEvent handler)');
  let entry = work.get(key);
  if (!entry) work.set(key, (entry = { items: [], flush: flush as Flush }));
  entry.items.push(item);
}
