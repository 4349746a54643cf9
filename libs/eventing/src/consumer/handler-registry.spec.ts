import type { EventEnvelope } from '@suite/contracts';
import { currentTraceparent, traceIdOf } from '@suite/runtime';
import type { EntityManager } from 'typeorm';
import type { EventHandler } from './event-handler';
import { HandlerRegistry } from './handler-registry';
import type { ReceivedEvent } from './inbox.port';

const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
const received = (topic: string, trace: string | null = traceparent): ReceivedEvent => ({
  envelope: {
    id: 'e1',
    type: 'company.created',
    version: 1,
    occurred_at: '',
    company_id: null,
    subject: 's',
    data: {},
    traceparent: trace,
  },
  message: { topic, physicalTopic: topic, partition: 0, offset: '0', key: 's', value: null, headers: {} },
});

function recorder(topics: EventHandler['topics'], seen: string[], label: string): EventHandler {
  return {
    topics,
    handle: async (event: EventEnvelope) => {
      seen.push(`${label}:${event.id}:${currentTraceparent()}`);
    },
  };
}

describe('HandlerRegistry', () => {
  const manager = {} as EntityManager;

  it('runs every handler of the topic in registration order, and none of the others', async () => {
    const seen: string[] = [];
    const registry = new HandlerRegistry([
      recorder(['platform.company.v1'], seen, 'a'),
      recorder(['platform.company.v1'], seen, 'b'),
    ]);

    await registry.apply(received('platform.company.v1'), manager);
    await registry.apply(received('other.topic.v1'), manager);

    expect(seen.map((s) => s.split(':')[0])).toEqual(['a', 'b']);
    expect(registry.topics).toEqual(['platform.company.v1']);
  });

  it('continues the producer trace with a new span while handling', async () => {
    const seen: string[] = [];
    await new HandlerRegistry([recorder(['platform.company.v1'], seen, 'a')]).apply(received('platform.company.v1'), manager);

    const handledIn = seen[0]!.split(':')[2]!;
    expect(traceIdOf(handledIn)).toBe(traceIdOf(traceparent));
    expect(handledIn).not.toBe(traceparent);
  });

  it('starts a new trace for an event that carries none', async () => {
    const seen: string[] = [];
    await new HandlerRegistry([recorder(['platform.company.v1'], seen, 'a')]).apply(
      received('platform.company.v1', null),
      manager,
    );
    expect(seen[0]!.split(':')[2]).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
  });
});
