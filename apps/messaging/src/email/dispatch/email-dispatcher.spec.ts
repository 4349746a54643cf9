import { Logger } from '@nestjs/common';
import type { SendMailOptions } from 'nodemailer';
import type { EmailDispatchOptions } from './email-dispatch.options';
import type { ClaimedSend, EmailDispatchStore } from './email-dispatch.store';
import { EmailDispatcher } from './email-dispatcher';
import type { EmailTransport, TransportResult } from './email-transport';

const options: EmailDispatchOptions = {
  retry: { maxAttempts: 3, baseDelayMs: 1000, maxDelayMs: 4000 },
  pollMs: 10_000,
  concurrency: 2,
  claimTimeoutMs: 60_000,
  handOffTimeoutMs: 30_000,
  stopGraceMs: 50,
};

const claimed = (id: string, attempts = 1): ClaimedSend => ({
  id,
  companyId: '1',
  fromAddress: 'sales@acme.test',
  fromName: 'Acme',
  toAddress: 'lead@example.com',
  subject: 'Hi',
  text: 'Hello',
  attachments: [],
  messageId: `<${id}@acme.test>`,
  attempts,
  claimToken: 'token',
});

/** A queue that hands out `rows` once, recording what the dispatcher writes back. */
function fakeStore(rows: ClaimedSend[]) {
  const calls: string[] = [];
  let pending = [...rows];
  const store = {
    failAbandoned: async () => 0,
    claim: async (limit: number) => {
      const batch = pending.slice(0, limit);
      pending = pending.slice(limit);
      return batch;
    },
    finish: async (send: ClaimedSend, outcome: string) => (calls.push(`${send.id}:${outcome}`), true),
    retryLater: async (send: ClaimedSend, error: string, delay: number) => (
      calls.push(`${send.id}:retry ${delay} ${error}`),
      true
    ),
    fail: async (send: ClaimedSend, error: string) => (calls.push(`${send.id}:failed ${error}`), true),
  };
  return { store: store as unknown as EmailDispatchStore, calls };
}

function transport(deliver: (message: SendMailOptions, signal: AbortSignal) => Promise<TransportResult>) {
  const state = { closed: false };
  const sut: EmailTransport = { description: 'fake', deliver, close: () => void (state.closed = true) };
  return { sut, state };
}

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
};

describe('EmailDispatcher', () => {
  beforeAll(() => Logger.overrideLogger(false));
  it('hands each claimed email to the transport and records the outcome', async () => {
    const { store, calls } = fakeStore([claimed('a'), claimed('b', 3), claimed('c')]);
    const seen: SendMailOptions[] = [];
    const { sut } = transport(async (message) => {
      seen.push(message);
      if (message.messageId === '<b@acme.test>') throw Object.assign(new Error('550 no'), { permanent: true });
      if (message.messageId === '<c@acme.test>') throw new Error('connect ECONNREFUSED');
      return { outcome: 'sent', response: '250 ok' };
    });
    const dispatcher = new EmailDispatcher(store, sut, options);
    dispatcher.start();
    await until(() => calls.length === 3);
    await dispatcher.stop();
    expect(calls.sort()).toEqual(['a:sent', 'b:failed 550 no', 'c:retry 1000 connect ECONNREFUSED']);
    expect(seen[0]).toMatchObject({
      envelope: { from: 'sales@acme.test', to: ['lead@example.com'] },
      messageId: '<a@acme.test>',
    });
  });

  it('stops cleanly: aborts a hand-off that outlives the grace, requeues it, closes the transport', async () => {
    const { store, calls } = fakeStore([claimed('slow')]);
    let started = false;
    const { sut, state } = transport(
      (_message, signal) =>
        new Promise((_resolve, reject) => {
          started = true;
          signal.addEventListener('abort', () => reject(signal.reason));
        }),
    );
    const dispatcher = new EmailDispatcher(store, sut, options);
    dispatcher.start();
    await until(() => started);
    const began = Date.now();
    await dispatcher.stop();
    expect(Date.now() - began).toBeLessThan(2_000);
    expect(calls).toEqual(['slow:retry 1000 shutting down']);
    expect(state.closed).toBe(true);
  });
});
