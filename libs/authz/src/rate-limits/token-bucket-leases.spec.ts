import {
  TokenBucketLeases,
  type BucketLeaseStore,
  type BucketSpec,
  type LeaseGrant,
  type LeaseRequest,
} from './token-bucket-leases';

/** The lease statement's arithmetic (rate-limit.store.ts) in memory, on a clock the test moves. */
class MemoryStore implements BucketLeaseStore {
  readonly buckets = new Map<string, { tokens: number; at: number }>();
  statements = 0;
  failing = false;

  constructor(private readonly clock: { now: number }) {}

  async lease(requests: readonly LeaseRequest[]): Promise<LeaseGrant[]> {
    this.statements += 1;
    if (this.failing) throw new Error('database away');
    return requests.map(({ bucket, want, returned }) => {
      const row = this.buckets.get(bucket.key);
      const elapsed = row ? Math.max(0, this.clock.now - row.at) / 1000 : 0;
      const level = row ? Math.min(bucket.capacity, row.tokens + returned + bucket.refillPerSecond * elapsed) : bucket.capacity;
      const granted = Math.min(want, Math.floor(level));
      this.buckets.set(bucket.key, { tokens: level - granted, at: this.clock.now });
      return { key: bucket.key, granted, level: level - granted };
    });
  }
}

const perMinute = (key: string, limit: number): BucketSpec => ({ key, capacity: limit, refillPerSecond: limit / 60 });

function setup(idleReturnMs = 1000) {
  const clock = { now: 0 };
  const store = new MemoryStore(clock);
  const replica = () => new TokenBucketLeases(store, { now: () => clock.now, idleReturnMs });
  return { clock, store, replica };
}

describe('TokenBucketLeases', () => {
  it('admits a bucket-full burst, then refuses with Retry-After until a token has refilled', async () => {
    const { clock, replica } = setup();
    const leases = replica();
    const buckets = [perMinute('credential', 5), perMinute('company', 100)];
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await leases.admit(buckets));
    expect(answers.map((a) => a.admitted)).toEqual([true, true, true, true, true, false]);
    expect(answers.map((a) => a.remaining)).toEqual([4, 3, 2, 1, 0, 0]);
    expect(answers[0]).toMatchObject({ limit: 5, resetSeconds: 12, policy: '5;w=60, 100;w=60', known: true });
    // 5 a minute: one token every 12 s.
    expect(answers[5]).toMatchObject({ limit: 5, retryAfterSeconds: 12, resetSeconds: 60 });
    clock.now += 12_000;
    await expect(leases.admit(buckets)).resolves.toMatchObject({ admitted: true, remaining: 0 });
  });

  it('never admits more than the budget across replicas sharing the store', async () => {
    const { store, replica } = setup();
    const [a, b] = [replica(), replica()];
    const buckets = [perMinute('credential', 40), perMinute('company', 1000)];
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => (i % 2 ? a : b).admit(buckets)));
    expect(answers.filter((answer) => answer.admitted)).toHaveLength(40);
    expect(store.buckets.get('credential')!.tokens).toBeLessThan(1);
  });

  it('spends leased tokens locally: a burst costs one statement per chunk, not one per request', async () => {
    const { store, replica } = setup();
    const leases = replica();
    const buckets = [perMinute('credential', 600), perMinute('company', 1200)];
    for (let i = 0; i < 300; i++) await leases.admit(buckets);
    // Chunks of 30 (a twentieth of the credential's 600) and 50 (the cap, for the company's 1200).
    expect(store.statements).toBeLessThanOrEqual(300 / 30 + 300 / 50);
  });

  it('refuses a flood over budget without asking the store for every request', async () => {
    const { store, replica } = setup();
    const leases = replica();
    const buckets = [perMinute('credential', 3), perMinute('company', 100)];
    for (let i = 0; i < 3; i++) await leases.admit(buckets);
    const before = store.statements;
    const refused = await Promise.all(Array.from({ length: 50 }, () => leases.admit(buckets)));
    expect(refused.every((answer) => !answer.admitted)).toBe(true);
    expect(store.statements - before).toBeLessThanOrEqual(1);
  });

  it("a request refused by its credential's bucket spends nothing of its company's", async () => {
    const { replica } = setup();
    const leases = replica();
    const company = perMinute('company', 10);
    const first = [];
    for (let i = 0; i < 6; i++) first.push(await leases.admit([perMinute('runaway', 2), company]));
    expect(first.filter((answer) => answer.admitted)).toHaveLength(2);
    // The four refused requests left the company's other 8 tokens to its other credentials.
    const others = [];
    for (let i = 0; i < 9; i++) others.push(await leases.admit([perMinute('other', 100), company]));
    expect(others.map((answer) => answer.admitted)).toEqual([true, true, true, true, true, true, true, true, false]);
    expect(others[8]).toMatchObject({ limit: 10, remaining: 0 });
  });

  it('gives idle leased tokens back so another replica can spend them', async () => {
    const { clock, store, replica } = setup(1000);
    const [a, b] = [replica(), replica()];
    const buckets = [perMinute('credential', 1200), perMinute('company', 1200)];
    await a.admit(buckets);
    const held = store.buckets.get('credential')!.tokens;
    expect(held).toBe(1200 - 50);
    clock.now += 1000;
    await a.returnIdle();
    // The 49 unused came back: with what refilled in that second the bucket is full again.
    expect(store.buckets.get('credential')!.tokens).toBe(1200);
    await expect(b.admit(buckets)).resolves.toMatchObject({ admitted: true });
  });

  it('asks again after a second a replica that found the bucket empty while another held its tokens', async () => {
    const { clock, store, replica } = setup(1000);
    const [a, b] = [replica(), replica()];
    const company = perMinute('company', 3);
    // A burst of three on b leases all three company tokens; b's own key (one a minute) lets one through.
    const burst = await Promise.all(Array.from({ length: 3 }, () => b.admit([perMinute('b-key', 1), company])));
    expect(burst.map((answer) => answer.admitted).sort()).toEqual([false, false, true]);
    // a finds the shared bucket empty and, while that reading is fresh, refuses without asking again.
    await expect(a.admit([perMinute('a-key', 100), company])).resolves.toMatchObject({ admitted: false });
    const statements = store.statements;
    clock.now += 999;
    await expect(a.admit([perMinute('a-key', 100), company])).resolves.toMatchObject({ admitted: false });
    expect(store.statements).toBe(statements);
    clock.now += 1;
    await b.returnIdle();
    // b gave its two unused tokens back: a, whose reading is a second old, asks and gets one.
    await expect(a.admit([perMinute('a-key', 100), company])).resolves.toMatchObject({ admitted: true });
  });

  it('admits without fields while the store is away', async () => {
    const { store, replica } = setup();
    store.failing = true;
    await expect(replica().admit([perMinute('credential', 5)])).resolves.toMatchObject({ admitted: true, known: false });
  });
});
