import type { Message } from 'kafkajs';
import { deadLetterTopicName } from '../../topics/topic-names';
import type { DeadLetter } from '../event-transport.port';

const MAX_ERROR_LENGTH = 1000;

/**
 * The original message, untouched (key, value bytes, headers), plus headers saying where it
 * came from and why it was parked — enough to inspect it and to replay it to its topic.
 */
export function deadLetterRecord(letter: DeadLetter, consumerGroup: string): { topic: string; message: Message } {
  const { message } = letter;
  return {
    topic: deadLetterTopicName(message.physicalTopic),
    message: {
      key: message.key,
      value: message.rawValue ?? message.value,
      headers: {
        ...message.headers,
        'dlq-original-topic': message.physicalTopic,
        'dlq-original-partition': String(message.partition),
        'dlq-original-offset': message.offset,
        'dlq-error': letter.error.slice(0, MAX_ERROR_LENGTH),
        'dlq-attempts': String(letter.attempts),
        'dlq-consumer-group': consumerGroup,
        'dlq-failed-at': new Date().toISOString(),
      },
    },
  };
}
