import type { DomainEvent, EventEnvelope } from '@suite/contracts';
import { currentTraceparent, traceIdOf } from '@suite/observability';
import type { EntityManager } from 'typeorm';
import { HandlerRegistry } from './handler-registry';
import type { ReceivedEvent } from './inbox.port';
import { EventRelevance } from './event-relevance.decorator';
import { OnEvent } from './on-event.decorator';

const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
const company = { id: '12', name: 'Acme', parent_company_id: null };
const received = (
  type: string,
  data: unknown = company,
  { topic = 'platform.company.v1', trace = traceparent as string | null } = {},
): ReceivedEvent => ({
  envelope: { id: 'e1', type, version: 1, occurred_at: '', company_id: null, subject: 's', data, traceparent: trace },
  message: { topic, physicalTopic: topic, partition: 0, offset: '0', key: 's', value: null, headers: {} },
});

/** Records `label:type:traceparent` for every event it is handed. */
class CompanyRecorder {
  constructor(
    private readonly seen: string[],
    private readonly label: string,
  ) {}

  @OnEvent('company.created')
  async created(event: DomainEvent<'company.created'>): Promise<void> {
    this.seen.push(`${this.label}:${event.type}:${event.data.name}:${currentTraceparent()}`);
  }

  @OnEvent('company.renamed')
  async renamed(event: DomainEvent<'company.renamed'>): Promise<void> {
    this.seen.push(`${this.label}:${event.type}:${event.data.previous_name}:${currentTraceparent()}`);
  }
}

describe('HandlerRegistry', () => {
  const manager = {} as EntityManager;

  it('runs every listener of the type in registration order, and nothing for other types', async () => {
    const seen: string[] = [];
    const registry = new HandlerRegistry([new CompanyRecorder(seen, 'a'), new CompanyRecorder(seen, 'b')]);

    await registry.apply(received('company.created'), manager);
    await registry.apply(received('company.renamed', { id: '12', name: 'New', previous_name: 'Old' }), manager);

    expect(seen.map((line) => line.split(':').slice(0, 3).join(':'))).toEqual([
      'a:company.created:Acme',
      'b:company.created:Acme',
      'a:company.renamed:Old',
      'b:company.renamed:Old',
    ]);
  });

  it('subscribes to the topics of the types it handles, once each', () => {
    class UserAndCompany {
      @OnEvent('user.created', 'user.updated')
      async user(): Promise<void> {}

      @OnEvent('company.created')
      async company(): Promise<void> {}
    }
    expect(new HandlerRegistry([new UserAndCompany(), new CompanyRecorder([], 'x')]).topics).toEqual([
      'platform.user.v1',
      'platform.company.v1',
    ]);
  });

  it('ignores a type nobody here handles, a type the contracts do not know, and a type off its own topic', async () => {
    const seen: string[] = [];
    const registry = new HandlerRegistry([new CompanyRecorder(seen, 'a')]);
    await registry.apply(received('user.deleted', { id: '1', company_id: '2' }, { topic: 'platform.user.v1' }), manager);
    await registry.apply(received('company.merged', { anything: true }), manager);
    await registry.apply(received('company.created', company, { topic: 'messaging.contact.v1' }), manager);
    expect(seen).toEqual([]);
  });

  it('skips the events every listener of their type finds irrelevant, asking each check once per chunk', async () => {
    const asked: string[][] = [];
    /** Acts only on companies named Acme (it says so before the chunk's transaction). */
    class AcmeOnly extends CompanyRecorder {
      @EventRelevance('company.created')
      async acme(events: ReadonlyArray<DomainEvent<'company.created'>>): Promise<boolean[]> {
        asked.push(events.map((event) => event.data.name));
        return events.map((event) => event.data.name === 'Acme');
      }
    }
    class Failing extends CompanyRecorder {
      @EventRelevance('company.created')
      async broken(): Promise<boolean[]> {
        throw new Error('database down');
      }
    }
    const other = { ...company, name: 'Other' };
    const chunk = [received('company.created'), received('company.created', other), received('user.deleted')];
    expect(await new HandlerRegistry([new AcmeOnly([], 'a')]).wanted(chunk)).toEqual([true, false, false]);
    expect(asked).toEqual([['Acme', 'Other']]);
    // Another listener of the type without a check takes every event of it.
    expect(await new HandlerRegistry([new AcmeOnly([], 'a'), new CompanyRecorder([], 'b')]).wanted(chunk)).toEqual([
      true,
      true,
      false,
    ]);
    // A check that fails skips nothing.
    expect(await new HandlerRegistry([new Failing([], 'a')]).wanted(chunk)).toEqual([true, true, false]);
  });

  it('says which events a listener here takes (the others skip the inbox)', () => {
    const registry = new HandlerRegistry([new CompanyRecorder([], 'a')]);
    expect(registry.handles(received('company.created', company))).toBe(true);
    expect(registry.handles(received('user.deleted', { id: '1', company_id: '2' }, { topic: 'platform.user.v1' }))).toBe(false);
    expect(registry.handles(received('company.merged', { anything: true }))).toBe(false);
    expect(registry.handles(received('company.created', company, { topic: 'messaging.contact.v1' }))).toBe(false);
  });

  it('checks the payload against the contract before any listener runs: a bad one throws (retried, then dead-lettered)', async () => {
    const seen: string[] = [];
    const registry = new HandlerRegistry([new CompanyRecorder(seen, 'a')]);
    await expect(registry.apply(received('company.created', { id: 'abc', name: 'x' }), manager)).rejects.toThrow(
      'invalid company.created payload: data.parent_company_id is required; data.id does not match ^[0-9]+$',
    );
    expect(seen).toEqual([]);
  });

  it('refuses an object without @OnEvent methods (a handler registered by mistake)', () => {
    class NotAHandler {
      async handle(): Promise<void> {}
    }
    expect(() => new HandlerRegistry([new NotAHandler()])).toThrow('NotAHandler is no event handler: it has no @OnEvent method');
  });

  it('gives a subclass the listeners of its parent, calling its overrides', async () => {
    const seen: string[] = [];
    class Loud extends CompanyRecorder {
      override async created(event: DomainEvent<'company.created'>): Promise<void> {
        seen.push(`loud:${event.data.name}`);
      }
    }
    await new HandlerRegistry([new Loud(seen, 'quiet')]).apply(received('company.created'), manager);
    expect(seen).toEqual(['loud:Acme']);
  });

  it('continues the producer trace with a new span while handling', async () => {
    const seen: string[] = [];
    await new HandlerRegistry([new CompanyRecorder(seen, 'a')]).apply(received('company.created'), manager);

    const handledIn = seen[0]!.split(':')[3]!;
    expect(traceIdOf(handledIn)).toBe(traceIdOf(traceparent));
    expect(handledIn).not.toBe(traceparent);
  });

  it('starts a new trace for an event that carries none', async () => {
    const seen: string[] = [];
    await new HandlerRegistry([new CompanyRecorder(seen, 'a')]).apply(
      received('company.created', company, { trace: null }),
      manager,
    );
    expect(seen[0]!.split(':')[3]).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
  });
});

describe('@OnEvent types (checked by the compiler; these bodies never run)', () => {
  it('refuses a method whose parameter does not take every type it declares', () => {
    class Handlers {
      @OnEvent('user.created', 'user.updated')
      async both(_event: DomainEvent<'user.created' | 'user.updated'>, _manager: EntityManager): Promise<void> {}

      // A wider parameter is fine: it takes more than it is given.
      @OnEvent('user.deleted')
      async wide(_event: DomainEvent<'user.deleted' | 'user.created'>): Promise<void> {}

      // @ts-expect-error -- declares user.updated but takes only user.created
      @OnEvent('user.created', 'user.updated')
      async narrow(_event: DomainEvent<'user.created'>): Promise<void> {}

      // @ts-expect-error -- the payload of company.renamed is not that of company.created
      @OnEvent('company.renamed')
      async wrong(_event: DomainEvent<'company.created'>): Promise<void> {}

      // @ts-expect-error -- a payload type of its own is not the contract's
      @OnEvent('company.created')
      async raw(_event: EventEnvelope<'company.created', { other: number }>): Promise<void> {}

      // @ts-expect-error -- a listener is asynchronous: the transaction waits for it
      @OnEvent('company.created')
      sync(_event: DomainEvent<'company.created'>): void {}
    }
    // @ts-expect-error -- an event type the map does not have
    OnEvent('company.merged');
    expect(Handlers).toBeDefined();
  });

  it('narrows the payload by type inside a listener of several types', () => {
    const check = (event: DomainEvent<'user.created' | 'user.deleted'>): string =>
      event.type === 'user.deleted' ? event.data.company_id : event.data.email;
    expect(check).toBeDefined();
  });
});
