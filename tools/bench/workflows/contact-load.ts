import type { CreatedContactEvent } from './contact-events-seed';

/** How a load creates its contacts: `rate` per second in batches every `batchMs`, or (burst) batches of `batch` back to back. */
export type LoadShape = { kind: 'paced'; rate: number; batchMs: number } | { kind: 'burst'; batch: number };

/** Creates contacts numbered `from`..`to` (inclusive) and their events, the target's way. */
export type CreateBatch = (from: number, to: number) => Promise<CreatedContactEvent[]>;

/**
 * `contacts` contacts created in batches of the shape, numbered from `firstNumber`. Paced batches
 * are due at fixed times from the start (a late batch does not push the later ones back, so the
 * offered rate holds however long a commit takes); resolves with every event created.
 */
export async function createContacts(
  shape: LoadShape,
  contacts: number,
  firstNumber: number,
  create: CreateBatch,
): Promise<CreatedContactEvent[]> {
  const events: CreatedContactEvent[] = [];
  const batch = shape.kind === 'burst' ? shape.batch : Math.max(1, Math.round((shape.rate * shape.batchMs) / 1000));
  const started = performance.now();
  for (let index = 0, done = 0; done < contacts; index++) {
    if (shape.kind === 'paced') {
      const due = started + index * shape.batchMs - performance.now();
      if (due > 0) await new Promise((resolve) => setTimeout(resolve, due));
    }
    const size = Math.min(batch, contacts - done);
    events.push(...(await create(firstNumber + done, firstNumber + done + size - 1)));
    done += size;
  }
  return events;
}
