import { AsyncLocalStorage } from 'node:async_hooks';
import { ConsumerOfflineError } from '../event-transport.port';
import { InProcessBus, type BusDelivery, type BusHandler } from './in-process-bus';

const msg = (topic: string, key = 'k') => ({ topic, key, value: '{}', headers: {} });

/** A handler that resolves everything it gets, like the batch processor on success. */
function recording(into: BusDelivery[][]): BusHandler {
  return async (deliveries, context) => {
    into.push([...deliveries]);
    for (const d of deliveries) context.resolveOffset(d.offset);
  };
}

describe('InProcessBus', () => {
  it('delivers each group its topics, in order, and resolves only after every group is done', async () => {
    const bus = new InProcessBus();
    const a: BusDelivery[][] = [];
    const b: BusDelivery[][] = [];
    let bDone = false;
    bus.subscribe('a', ['t1'], recording(a));
    bus.subscribe('b', ['t1', 't2'], async (deliveries, context) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      await recording(b)(deliveries, context);
      bDone = true;
    });

    await bus.publish([msg('t1', 'x'), msg('t2'), msg('t1', 'y')]);

    expect(bDone).toBe(true);
    expect(a.map((batch) => batch.map((d) => d.key))).toEqual([['x', 'y']]);
    expect(b[0]!.map((d) => d.topic)).toEqual(['t1', 't2', 't1']);
  });

  it('runs a handler in the async context it subscribed from, not the publisher’s (its log lines carry the consumer’s name)', async () => {
    const bus = new InProcessBus();
    const app = new AsyncLocalStorage<string>();
    const seen: Array<string | undefined> = [];
    app.run('consumer', () =>
      bus.subscribe('a', ['t1'], async (deliveries, context) => {
        seen.push(app.getStore());
        for (const d of deliveries) context.resolveOffset(d.offset);
      }),
    );
    await app.run('publisher', () => bus.publish([msg('t1')]));
    expect(seen).toEqual(['consumer']);
  });

  it('fails the publish when a consumer fails, so the relay keeps the rows', async () => {
    const bus = new InProcessBus();
    bus.subscribe('a', ['t1'], async () => {
      throw new Error('db down');
    });
    await expect(bus.publish([msg('t1')])).rejects.toThrow('db down');
  });

  it('fails the publish when a consumer returns without finishing the delivery', async () => {
    const bus = new InProcessBus();
    bus.subscribe('a', ['t1'], async () => undefined);
    await expect(bus.publish([msg('t1')])).rejects.toBeInstanceOf(ConsumerOfflineError);
  });

  it('defers delivery while a group that consumed a topic is unsubscribed', async () => {
    const bus = new InProcessBus();
    const got: BusDelivery[][] = [];
    const unsubscribe = bus.subscribe('a', ['t1'], recording(got));
    await unsubscribe();

    await expect(bus.publish([msg('t1')])).rejects.toBeInstanceOf(ConsumerOfflineError);
    await bus.publish([msg('t2')]); // nobody ever consumed t2: nothing to wait for

    bus.subscribe('a', ['t1'], recording(got));
    await bus.publish([msg('t1')]);
    expect(got).toHaveLength(1);
  });

  it('lets unsubscribe wait for the delivery in flight', async () => {
    const bus = new InProcessBus();
    let finished = false;
    const unsubscribe = bus.subscribe('a', ['t1'], async (deliveries, context) => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      deliveries.forEach((d) => context.resolveOffset(d.offset));
      finished = true;
    });
    const publishing = bus.publish([msg('t1')]);
    await new Promise((resolve) => setImmediate(resolve));

    await unsubscribe();

    expect(finished).toBe(true);
    await expect(publishing).resolves.toBeUndefined();
  });

  it('holds publishing until released (the embedded launcher boots all apps first)', async () => {
    const bus = new InProcessBus();
    const got: BusDelivery[][] = [];
    const release = bus.hold();
    const publishing = bus.publish([msg('t1')]);
    bus.subscribe('late', ['t1'], recording(got));

    release();
    await publishing;

    expect(got).toHaveLength(1);
  });

  it('refuses a second subscriber in the same group', () => {
    const bus = new InProcessBus();
    bus.subscribe('a', ['t1'], async () => undefined);
    expect(() => bus.subscribe('a', ['t1'], async () => undefined)).toThrow(/already subscribed/);
  });
});
