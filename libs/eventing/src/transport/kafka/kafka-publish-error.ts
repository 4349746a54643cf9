import { PermanentPublishError } from '../event-transport.port';

/**
 * Broker answers to a produce request that no retry can change: the record batch is larger than
 * the topic accepts (MESSAGE_TOO_LARGE; RECORD_LIST_TOO_LARGE, larger than a log segment) or the
 * broker's record validation refused it (INVALID_RECORD: a compacted topic without a key, say).
 * kafkajs marks all three non-retriable. Other non-retriable answers, such as
 * TOPIC_AUTHORIZATION_FAILED, are left out on purpose: they are about the topic or the client,
 * an operator fixes them, and every event behind them must wait rather than be set aside.
 */
const PERMANENT_REFUSALS: ReadonlySet<string> = new Set(['MESSAGE_TOO_LARGE', 'RECORD_LIST_TOO_LARGE', 'INVALID_RECORD']);

/** The refusal as a PermanentPublishError when it is one of those; null for anything worth retrying. */
export function permanentPublishErrorOf(error: unknown): PermanentPublishError | null {
  // kafkajs wraps protocol errors (KafkaJSNonRetriableError and the like) with the original as `cause`.
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    const type = (current as { type?: unknown }).type;
    if (typeof type === 'string' && PERMANENT_REFUSALS.has(type)) {
      return new PermanentPublishError(`kafka refused the record: ${type} (${current.message})`, { cause: error });
    }
    current = current.cause;
  }
  return null;
}
