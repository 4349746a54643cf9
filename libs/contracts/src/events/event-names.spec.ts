import { EVENT_DEFINITIONS, EVENT_TYPES } from './event-map';
import { ALL_TOPICS } from './topics';

/**
 * The naming rule of decision 0025. The event map is one namespace for the whole suite, so a
 * type's first segment — its aggregate — means one thing everywhere: the events of an aggregate
 * are published by one producer, the first to name it. A newcomer whose natural word is taken
 * qualifies it with its bounded context (the platform CRM's contacts are `crm_contact.*`, on
 * `platform.crm_contact.v1`: messaging published `contact.*` first). Published names are never
 * renamed in place; a rename is a new major version on a new topic.
 */
const segment = '[a-z]+(?:_[a-z]+)*';
const producerOf = (topic: string) => topic.split('.')[0]!;

/** Aggregates more than one producer publishes on purpose: the producers, and why. */
const SHARED_AGGREGATES: Record<string, readonly string[]> = {
  // auth issues and revokes credentials; every app reports their use through libs/authz (decision 0008, addendum).
  credential: ['auth', 'authz'],
};

describe('event names (decision 0025)', () => {
  it('are <aggregate>.<fact>: two snake_case segments', () => {
    expect(EVENT_TYPES.filter((type) => !new RegExp(`^${segment}\\.${segment}$`).test(type))).toEqual([]);
  });

  it('travel on <producer>.<aggregate>.v<major> topics whose major is the version of their payload', () => {
    expect(ALL_TOPICS.filter((topic) => !new RegExp(`^${segment}\\.${segment}\\.v[1-9][0-9]*$`).test(topic))).toEqual([]);
    expect(EVENT_TYPES.filter((type) => !EVENT_DEFINITIONS[type].topic.endsWith(`.v${EVENT_DEFINITIONS[type].version}`))).toEqual(
      [],
    );
  });

  it('give each aggregate one producer, so one word never means two things', () => {
    const producers = new Map<string, Set<string>>();
    for (const type of EVENT_TYPES) {
      const aggregate = type.split('.')[0]!;
      producers.set(aggregate, (producers.get(aggregate) ?? new Set()).add(producerOf(EVENT_DEFINITIONS[type].topic)));
    }
    const clashes = [...producers]
      .filter(([aggregate, by]) => by.size > 1 && [...by].some((producer) => !SHARED_AGGREGATES[aggregate]?.includes(producer)))
      .map(([aggregate, by]) => `${aggregate}: ${[...by].join(', ')}`);
    expect(clashes).toEqual([]);
  });

  it('keep the words already published where they are (contact is messaging’s)', () => {
    expect(producerOf(EVENT_DEFINITIONS['contact.opted_out'].topic)).toBe('messaging');
  });
});
