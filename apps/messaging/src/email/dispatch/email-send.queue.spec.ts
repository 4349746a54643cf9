import type { SendMailOptions } from 'nodemailer';
import type { EntityManager } from 'typeorm';
import type { ClaimedJob } from '@suite/jobs';
import { ABANDONED_ERROR } from '@suite/jobs';
import type { EmailDispatchOptions } from './email-dispatch.options';
import type { EmailDispatchStore, SendToDeliver } from './email-dispatch.store';
import { emailSendQueue, type EmailSendJob } from './email-send.queue';
import type { EmailTransport, TransportResult } from './email-transport';

const options: EmailDispatchOptions = {
  retry: { kind: 'exponential', maxAttempts: 3, backoff: { baseMs: 1000, maxMs: 4000 } },
  pollMs: 10_000,
  concurrency: 2,
  claimTimeoutMs: 60_000,
  handOffTimeoutMs: 30_000,
  stopGraceMs: 50,
};

const job = (sendId: string, attempt = 1): ClaimedJob<EmailSendJob> => ({
  id: `job-${sendId}`,
  queue: 'email.send',
  concurrencyKey: null,
  payload: { sendId },
  attempt,
  lockToken: 'token',
  waitedSeconds: 0,
});

const stored = (id: string): SendToDeliver => ({
  id,
  companyId: '1',
  fromAddress: 'sales@acme.test',
  fromName: 'Acme',
  toAddress: 'lead@example.com',
  subject: 'Hi',
  text: 'Hello',
  attachments: [],
  messageId: `<${id}@acme.test>`,
  attempts: 1,
});

/** The send rows as a map, recording what the queue writes back. */
function setup(deliver: (message: SendMailOptions, signal: AbortSignal) => Promise<TransportResult>) {
  const rows = new Map<string, SendToDeliver>([['a', stored('a')]]);
  const calls: string[] = [];
  const manager = {} as EntityManager;
  const store = {
    beginAttempt: async (id: string, attempt: number) => (calls.push(`${id}:begin ${attempt}`), rows.get(id) ?? null),
    finish: async (_m: EntityManager, id: string, outcome: string, response: string) =>
      void calls.push(`${id}:${outcome} ${response}`),
    retryLater: async (_m: EntityManager, id: string, error: string) => void calls.push(`${id}:queued ${error}`),
    fail: async (_m: EntityManager, id: string, error: string) => void calls.push(`${id}:failed ${error}`),
  } as unknown as EmailDispatchStore;
  const transport: EmailTransport = { description: 'fake', deliver, close: () => undefined };
  return { sut: emailSendQueue(options, transport, store), mocks: { calls, manager } };
}

describe('the email send queue', () => {
  it('marks the attempt, hands the composed email to the transport and records its answer', async () => {
    const seen: SendMailOptions[] = [];
    const { sut, mocks } = setup(async (message) => (seen.push(message), { outcome: 'sent', response: '250 ok' }));
    const result = await sut.handle(job('a', 2), new AbortController().signal);
    await sut.succeeded!(mocks.manager, job('a', 2), result);
    expect(mocks.calls).toEqual(['a:begin 2', 'a:sent 250 ok']);
    expect(seen[0]).toMatchObject({
      envelope: { from: 'sales@acme.test', to: ['lead@example.com'] },
      messageId: '<a@acme.test>',
    });
  });

  it('hands nothing over for a send that is already final', async () => {
    const deliver = jest.fn();
    const { sut, mocks } = setup(deliver);
    const result = await sut.handle(job('gone'), new AbortController().signal);
    await sut.succeeded!(mocks.manager, job('gone'), result);
    expect(deliver).not.toHaveBeenCalled();
    expect(mocks.calls).toEqual(['gone:begin 1']);
  });

  it('takes the lease, timeout, schedule and permanence of decision 0013', () => {
    const { sut } = setup(jest.fn());
    expect(sut).toMatchObject({ name: 'email.send', concurrency: 2, leaseMs: 60_000, timeoutMs: 30_000, retry: options.retry });
    expect(sut.isPermanent!(Object.assign(new Error('550 no such user'), { responseCode: 550, permanent: true }))).toBe(true);
    expect(sut.isPermanent!(Object.assign(new Error('451 try later'), { responseCode: 451, permanent: false }))).toBe(false);
    expect(sut.isPermanent!(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' }))).toBe(false);
  });

  it('puts the row back to queued on a retry, failed at the end, with the wording of decision 0013 for an abandoned send', async () => {
    const { sut, mocks } = setup(jest.fn());
    await sut.willRetry!(mocks.manager, job('a'), 'connect ECONNREFUSED', 1000);
    await sut.failed!(mocks.manager, job('a', 3), '550 no');
    await sut.failed!(mocks.manager, job('a', 3), ABANDONED_ERROR);
    expect(mocks.calls).toEqual([
      'a:queued connect ECONNREFUSED',
      'a:failed 550 no',
      'a:failed The dispatcher stopped during the last attempt.',
    ]);
  });
});
