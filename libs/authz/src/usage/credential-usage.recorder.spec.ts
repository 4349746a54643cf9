import { CredentialUsageRecorder, type CredentialUse, type CredentialUsageRecorderOptions } from './credential-usage.recorder';

const START = Date.parse('2030-01-01T12:00:00Z');
const pat = { credentialId: 'pat-1', kind: 'personal_access_token', companyId: '42' } as const;
const key = { credentialId: 'key-1', kind: 'api_key', companyId: '42' } as const;

/** Lets the recorder's detached writes run to completion. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

function setup(options: Partial<CredentialUsageRecorderOptions> = {}) {
  let now = START;
  const writes: CredentialUse[] = [];
  const errors: Array<{ message: string; context: Record<string, unknown> }> = [];
  const mocks = {
    clock: { advance: (ms: number) => (now += ms) },
    writes,
    errors,
    write: jest.fn(async (use: CredentialUse) => {
      writes.push(use);
    }),
  };
  const sut = new CredentialUsageRecorder({
    app: 'messaging',
    clock: { now: () => new Date(now) },
    write: mocks.write,
    logger: { error: (message, context) => errors.push({ message, context }) },
    ...options,
  });
  return { sut, mocks };
}

describe('CredentialUsageRecorder', () => {
  it('writes the first use with the app and the instant it was accepted', async () => {
    const { sut, mocks } = setup();
    sut.record(pat);
    await settle();
    expect(mocks.writes).toEqual([{ ...pat, usedAt: new Date(START), app: 'messaging' }]);
  });

  it('writes two uses within a minute once, and again after a minute', async () => {
    const { sut, mocks } = setup();
    sut.record(pat);
    mocks.clock.advance(59_999);
    sut.record(pat);
    await settle();
    expect(mocks.writes).toHaveLength(1);
    mocks.clock.advance(1);
    sut.record(pat);
    await settle();
    expect(mocks.writes.map((use) => use.usedAt.getTime())).toEqual([START, START + 60_000]);
  });

  it('throttles each credential separately', async () => {
    const { sut, mocks } = setup();
    sut.record(pat);
    sut.record(key);
    sut.record(pat);
    await settle();
    expect(mocks.writes.map((use) => use.credentialId)).toEqual(['pat-1', 'key-1']);
  });

  it('returns before the write runs and does not let a failing write escape', async () => {
    const write = jest.fn(() => {
      throw new Error('database is down');
    });
    const { sut, mocks } = setup({ write });
    expect(() => sut.record(pat)).not.toThrow();
    expect(write).not.toHaveBeenCalled();
    await settle();
    expect(write).toHaveBeenCalledTimes(1);
    expect(mocks.errors).toEqual([
      { message: expect.stringMatching(/could not record/), context: { credentialId: 'pat-1', error: 'database is down' } },
    ]);
  });

  it('after a failed write, the next use of the credential tries again (within the minute)', async () => {
    let fail = true;
    const written: CredentialUse[] = [];
    const { sut, mocks } = setup({
      write: async (use) => {
        if (fail) throw new Error('timeout');
        written.push(use);
      },
    });
    sut.record(pat);
    await settle();
    fail = false;
    mocks.clock.advance(1_000);
    sut.record(pat);
    await settle();
    expect(written.map((use) => use.usedAt.getTime())).toEqual([START + 1_000]);
    expect(mocks.errors).toHaveLength(1);
  });

  it('drops uses beyond the writes in flight instead of queueing them, and reports them later', async () => {
    const release: Array<() => void> = [];
    const started: string[] = [];
    const { sut } = setup({
      maxPendingWrites: 2,
      write: (use) => {
        started.push(use.credentialId);
        return new Promise<void>((resolve) => release.push(resolve));
      },
    });
    for (const id of ['a', 'b', 'c']) sut.record({ ...pat, credentialId: id });
    await settle();
    expect(started).toEqual(['a', 'b']);
    expect(sut.pendingWrites).toBe(2);
    for (const done of release) done();
    await settle();
    expect(sut.pendingWrites).toBe(0);
    sut.record({ ...pat, credentialId: 'c' });
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
  });

  it('finishes the writes in flight at shutdown and records nothing after', async () => {
    let finish: () => void = () => undefined;
    const { sut, mocks } = setup({ write: () => new Promise<void>((resolve) => (finish = resolve)) });
    sut.record(pat);
    await settle();
    let destroyed = false;
    const shutdown = sut.onModuleDestroy().then(() => (destroyed = true));
    await settle();
    expect(destroyed).toBe(false);
    finish();
    await shutdown;
    expect(sut.pendingWrites).toBe(0);
    sut.record(key);
    await settle();
    expect(mocks.write).not.toHaveBeenCalled();
  });

  it('does not wait at shutdown longer than the drain timeout', async () => {
    const { sut } = setup({ drainTimeoutMs: 10, write: () => new Promise<void>(() => undefined) });
    sut.record(pat);
    await settle();
    await expect(sut.onModuleDestroy()).resolves.toBeUndefined();
    expect(sut.pendingWrites).toBe(1);
  });
});
