import { startPublishSpans } from '@suite/telemetry';
import { checkPublishable } from '../envelope/publishable-envelope';
import { PermanentPublishError, type EventTransport, type OutboundMessage } from '../transport/event-transport.port';
import type { OutboxRecord, OutboxSetAside } from './outbox-relay-store';

/** A record that passed checkPublishable, with the traceparent read from its envelope. */
interface PublishableRecord extends OutboxRecord {
  readonly traceparent: string | null;
}

/** One send per ~512 KiB: see OutboxBatchPublisher.publish. */
export const MAX_PUBLISH_BYTES = 512 * 1024;

/**
 * Publishes one claimed batch and says which records went out. A record that can never be
 * published is handed to `setAside` (which moves it to outbox_dead_letter) instead of holding up
 * the records behind it — of its own subject too, whose later events still go out in order
 * (decision 0020). Any other failure propagates untouched: the relay retries the batch with
 * backoff, and nothing is set aside because a broker is away.
 */
export class OutboxBatchPublisher {
  constructor(
    private readonly transport: Pick<EventTransport, 'publish'>,
    private readonly setAside: (letters: readonly OutboxSetAside[]) => Promise<void>,
    private readonly maxSliceBytes = MAX_PUBLISH_BYTES,
  ) {}

  /** The records published, in seq order; the others of `batch` were set aside. */
  async publish(batch: readonly OutboxRecord[]): Promise<OutboxRecord[]> {
    const publishable: PublishableRecord[] = [];
    const unpublishable: OutboxSetAside[] = [];
    for (const record of batch) {
      const check = checkPublishable(record.envelope);
      if (check.ok) publishable.push(withTraceparent(record, check.traceparent));
      else unpublishable.push({ record, reason: check.reason, error: check.detail });
    }
    if (unpublishable.length > 0) await this.setAside(unpublishable);
    // One send per ~512 KiB, in order, each acknowledged before the next: a batch of large
    // events on one hot partition stays under the broker's message.max.bytes (1 MiB by
    // default). If a later send fails the whole batch is retried; the inboxes drop the repeats.
    const published: OutboxRecord[] = [];
    for (const slice of slicesByBytes(publishable, this.maxSliceBytes)) published.push(...(await this.publishSlice(slice)));
    return published;
  }

  /**
   * A slice the transport refuses for good is sent again record by record, in seq order, to find
   * the records it refuses; the others go out. Records of the slice the broker had already
   * appended go out twice, which the inboxes absorb.
   */
  private async publishSlice(slice: readonly PublishableRecord[]): Promise<PublishableRecord[]> {
    // With tracing on, a publish span per event in its request's trace (decision 0046); null otherwise.
    const spans = startPublishSpans(slice, (this.transport as { kind?: string }).kind ?? 'kafka');
    try {
      if (spans) {
        await spans.send(() =>
          this.transport.publish(slice.map((record, index) => toOutboundMessage(record, spans.traceparents[index]))),
        );
        spans.end();
      } else {
        await this.transport.publish(slice.map((record) => toOutboundMessage(record)));
      }
      return [...slice];
    } catch (error) {
      spans?.end(error);
      if (!(error instanceof PermanentPublishError)) throw error;
      if (slice.length === 1) {
        await this.setAside([{ record: slice[0]!, reason: 'refused_by_transport', error: error.message }]);
        return [];
      }
    }
    const published: PublishableRecord[] = [];
    for (const record of slice) published.push(...(await this.publishSlice([record])));
    return published;
  }
}

/** Consecutive slices of at most `maxBytes` of key and value (a larger single record goes alone). */
export function slicesByBytes<T extends OutboxRecord>(batch: readonly T[], maxBytes: number): T[][] {
  const slices: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const record of batch) {
    const size = Buffer.byteLength(record.envelope) + Buffer.byteLength(record.subject);
    if (current.length > 0 && bytes + size > maxBytes) {
      slices.push(current);
      current = [];
      bytes = 0;
    }
    current.push(record);
    bytes += size;
  }
  if (current.length > 0) slices.push(current);
  return slices;
}

/** `traceparent`: the message's, when not the envelope's own (its publish span, with tracing on). */
function toOutboundMessage(record: PublishableRecord, traceparent = record.traceparent): OutboundMessage {
  const headers: Record<string, string> = {
    'event-id': record.id,
    'event-type': record.type,
    'content-type': 'application/json',
  };
  if (traceparent) headers.traceparent = traceparent;
  return { topic: record.topic, key: record.subject, value: record.envelope, headers };
}

/** Spelled out rather than spread: this runs for every event, and a spread copy costs more (decision 0005 §3). */
function withTraceparent(record: OutboxRecord, traceparent: string | null): PublishableRecord {
  const { seq, id, topic, type, subject, envelope } = record;
  return { seq, id, topic, type, subject, envelope, traceparent };
}
