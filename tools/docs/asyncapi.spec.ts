import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { ALL_TOPICS, asJsonSchema, deadLetterTopic, EVENT_DEFINITIONS, EVENT_TYPES } from '@suite/contracts';
import { buildAsyncApiDocument } from './asyncapi-document';

const committed = parse(readFileSync(path.join(__dirname, '../../docs/asyncapi.yaml'), 'utf8'));

describe('docs/asyncapi.yaml', () => {
  it('is exactly what the code describes (run `npm run docs:asyncapi` after changing libs/contracts)', () => {
    expect(committed).toEqual(buildAsyncApiDocument());
  });

  it('documents every topic and its dead-letter topic', () => {
    const addresses = Object.values(committed.channels as Record<string, { address: string }>).map((c) => c.address);
    expect(addresses.sort()).toEqual(ALL_TOPICS.flatMap((t) => [t, deadLetterTopic(t)]).sort());
  });

  it('documents every event type with its payload schema on its topic', () => {
    const messages = committed.components.messages as Record<string, { name: string; payload: { allOf: unknown[] } }>;
    const channels = Object.values(
      committed.channels as Record<string, { address: string; messages: Record<string, { $ref: string }> }>,
    );
    for (const type of EVENT_TYPES) {
      const definition = EVENT_DEFINITIONS[type];
      const message = Object.values(messages).find((candidate) => candidate.name === type);
      expect(message?.payload.allOf[1]).toMatchObject({ properties: { data: asJsonSchema(definition.schema) } });
      const channel = channels.find((candidate) => candidate.address === definition.topic);
      const namesOnChannel = Object.values(channel?.messages ?? {}).map((ref) => messages[ref.$ref.split('/').pop()!]?.name);
      expect(namesOnChannel).toContain(type);
    }
  });
});
