import type { NewEvent } from '@suite/eventing';
import type { EventWriter } from './event-writer';
import type { Endpoint } from './webhook-workspace';

/** The events of a run: event id → its endpoint's path, and when each was committed. */
export interface Committed {
  paths: Map<string, string>;
  committedAt: Map<string, number>;
  /** First transaction's start to last commit, ms. */
  durationMs: number;
}

/** Events spread round-robin over the endpoints, one delivery each. */
class RoundRobin {
  private next = 0;
  constructor(
    private readonly writer: EventWriter,
    private readonly endpoints: readonly Endpoint[],
  ) {}

  take(count: number): { events: NewEvent[]; paths: string[] } {
    const events: NewEvent[] = [];
    const paths: string[] = [];
    for (let i = 0; i < count; i++) {
      const endpoint = this.endpoints[this.next++ % this.endpoints.length]!;
      events.push(this.writer.delivered(endpoint.companyId));
      paths.push(endpoint.path);
    }
    return { events, paths };
  }
}

function note(committed: Committed, events: readonly NewEvent[], paths: readonly string[], at: number): void {
  events.forEach((event, i) => {
    committed.paths.set(event.envelope.id, paths[i]!);
    committed.committedAt.set(event.envelope.id, at);
  });
}

/** `total` events as fast as one connection commits them, `batch` per transaction. */
export async function commitBurst(
  writer: EventWriter,
  endpoints: readonly Endpoint[],
  total: number,
  batch: number,
): Promise<Committed> {
  const robin = new RoundRobin(writer, endpoints);
  const committed: Committed = { paths: new Map(), committedAt: new Map(), durationMs: 0 };
  const started = performance.now();
  for (let done = 0; done < total;) {
    const { events, paths } = robin.take(Math.min(batch, total - done));
    note(committed, events, paths, await writer.commit(events));
    done += events.length;
  }
  committed.durationMs = performance.now() - started;
  return committed;
}

/**
 * `rate` events/s for `seconds`: a transaction every `tickMs` (open loop: each is due at its own
 * time, whatever the earlier ones took; up to 4 in flight), each event's commit time noted when
 * its COMMIT returned.
 */
export async function commitPaced(
  writer: EventWriter,
  endpoints: readonly Endpoint[],
  options: { rate: number; seconds: number; tickMs: number },
): Promise<Committed> {
  const robin = new RoundRobin(writer, endpoints);
  const committed: Committed = { paths: new Map(), committedAt: new Map(), durationMs: 0 };
  const ticks = Math.round((options.seconds * 1000) / options.tickMs);
  const perTick = (options.rate * options.tickMs) / 1000;
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  for (let tick = 0; tick < ticks; tick++) {
    const wait = started + tick * options.tickMs - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    while (inFlight.size >= 4) await Promise.race(inFlight);
    const count = Math.floor((tick + 1) * perTick) - Math.floor(tick * perTick);
    if (count === 0) continue;
    const { events, paths } = robin.take(count);
    const transaction: Promise<void> = writer.commit(events).then((at) => {
      note(committed, events, paths, at);
      inFlight.delete(transaction);
    });
    inFlight.add(transaction);
  }
  await Promise.all(inFlight);
  committed.durationMs = performance.now() - started;
  return committed;
}
