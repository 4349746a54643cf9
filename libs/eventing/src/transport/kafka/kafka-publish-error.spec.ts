import { KafkaJSConnectionError, KafkaJSNonRetriableError, KafkaJSNumberOfRetriesExceeded, KafkaJSProtocolError } from 'kafkajs';
import { PermanentPublishError } from '../event-transport.port';
import { permanentPublishErrorOf } from './kafka-publish-error';

const protocolError = (type: string, retriable: boolean) =>
  new KafkaJSProtocolError({ type, code: 0, retriable, message: `broker says ${type}` } as never);

describe('permanentPublishErrorOf', () => {
  it.each(['MESSAGE_TOO_LARGE', 'RECORD_LIST_TOO_LARGE', 'INVALID_RECORD'])(
    'maps %s to a PermanentPublishError naming it',
    (type) => {
      const mapped = permanentPublishErrorOf(protocolError(type, false));
      expect(mapped).toBeInstanceOf(PermanentPublishError);
      expect(mapped?.message).toContain(type);
    },
  );

  it('finds the refusal under the errors kafkajs wraps it in', () => {
    // As kafkajs's retrier does: new KafkaJSNonRetriableError(e, { cause: e }) (its typings omit the option).
    const Wrapper = KafkaJSNonRetriableError as unknown as new (e: Error, options: { cause: Error }) => Error;
    const refusal = protocolError('MESSAGE_TOO_LARGE', false);
    expect(permanentPublishErrorOf(new Wrapper(refusal, { cause: refusal }))).toBeInstanceOf(PermanentPublishError);
  });

  it.each([
    ['a broker that cannot be reached', new KafkaJSConnectionError('connect ECONNREFUSED 127.0.0.1:9092')],
    [
      'retries running out on a leader change',
      new KafkaJSNumberOfRetriesExceeded(protocolError('NOT_LEADER_FOR_PARTITION', true), {
        retryCount: 5,
        retryTime: 1000,
      } as never),
    ],
    ['a topic the client may not write', protocolError('TOPIC_AUTHORIZATION_FAILED', false)],
    ['a request timeout', new Error('Request Produce(key: 0, version: 7) timed out')],
    ['something that is not an Error', 'boom'],
  ])('leaves %s to be retried', (_label, error) => {
    expect(permanentPublishErrorOf(error)).toBeNull();
  });
});
