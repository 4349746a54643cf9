import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { generateOpaqueCredential } from '@suite/contracts';
import { eventually, findFreePort } from '@suite/testing';
import { startMessagingTestApp, type MessagingTestApp } from '../testing';
import { EMAIL_LIMITS } from './sends/attachment-rules';
import { decodeEncodedWords, headerOf, mimePartsOf, SmtpTestServer } from './testing/smtp-test-server';

/**
 * Conversational email against the booted messaging app, real PostgreSQL and Kafka, and a real
 * SMTP server started here. The workspace API keys reach messaging's credential replica the
 * production way: `credential.issued` events through the outbox and Kafka.
 */
let suite: MessagingTestApp;
let db: DataSource;
let smtp: SmtpTestServer;
const key = { A: '', B: '' };

beforeAll(async () => {
  smtp = new SmtpTestServer(await findFreePort());
  await smtp.start();
  suite = await startMessagingTestApp({
    name: 'messaging-email',
    workspaces: 2,
    env: {
      MESSAGING_SMTP_URL: smtp.url,
      MESSAGING_EMAIL_POLL_MS: '50',
      MESSAGING_EMAIL_RETRY_BASE_MS: '100',
      MESSAGING_EMAIL_RETRY_MAX_MS: '400',
      MESSAGING_EMAIL_MAX_ATTEMPTS: '30',
      MESSAGING_EMAIL_SMTP_TIMEOUT_MS: '2000',
      MESSAGING_EMAIL_CLAIM_TIMEOUT_MS: '12000',
    },
  });
  db = suite.db;
  [key.A, key.B] = suite.workspaces.map((workspace) => workspace.apiKey) as [string, string];
});

afterAll(async () => {
  await suite?.close();
  await smtp?.stop();
});

type Workspace = keyof typeof key;
const http = () => request(suite.app.getHttpServer());
const as = (workspace: Workspace) => ({
  get: (path: string) => http().get(path).set('x-api-key', key[workspace]),
  delete: (path: string) => http().delete(path).set('x-api-key', key[workspace]),
  post: (path: string, body: object) => http().post(path).set('x-api-key', key[workspace]).send(body),
});

async function createDomain(
  workspace: Workspace,
  name = `d${randomUUID().slice(0, 8)}.example.test`,
): Promise<{ id: string; name: string }> {
  const response = await as(workspace).post('/v1/email/domains', { name });
  expect(response.status).toBe(201);
  return response.body;
}

async function createMailbox(
  workspace: Workspace,
  domainId: string,
  body: object = { local_part: 'sales', display_name: 'Acme Sales' },
) {
  const response = await as(workspace).post(`/v1/email/domains/${domainId}/mailboxes`, body);
  expect(response.status).toBe(201);
  return response.body as { id: string; address: string; display_name: string | null };
}

const sendBody = (domainId: string, extra: object = {}) => ({
  domain_id: domainId,
  to: 'lead@example.com',
  subject: 'Your quote',
  text: 'Hello, here it is.',
  request_key: `rk-${randomUUID()}`,
  ...extra,
});

async function sentEmail(workspace: Workspace, id: string, status = 'sent') {
  return eventually(
    async () => (await as(workspace).get(`/v1/emails/${id}`)).body,
    (body) => body.status === status,
    { timeoutMs: 20_000, what: `email ${id} to be ${status}` },
  );
}

describe('authentication', () => {
  it.each([
    ['GET', '/v1/email/domains'],
    ['POST', '/v1/emails'],
    ['GET', `/v1/emails/${randomUUID()}`],
  ])('%s %s answers 401 {error} without or with an unknown key', async (method, path) => {
    const call = () => (method === 'GET' ? http().get(path) : http().post(path).send({}));
    const missing = await call();
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ error: expect.any(String) });
    const unknown = await call().set('x-api-key', generateOpaqueCredential('api_key'));
    expect(unknown.status).toBe(401);
  });
});

describe('domains and mailboxes', () => {
  it('creates, lists, reads and deletes, lowercasing names, scoped to the workspace', async () => {
    const name = `Mail-${randomUUID().slice(0, 8)}.Example.TEST`;
    const domain = await createDomain('A', name);
    expect(domain).toEqual({ id: expect.any(String), name: name.toLowerCase(), created_at: expect.any(String) });
    expect((await as('A').post('/v1/email/domains', { name: name.toLowerCase() })).status).toBe(409);
    // Another workspace may use the same name: domains belong to workspaces.
    expect((await as('B').post('/v1/email/domains', { name })).status).toBe(201);

    const list = await as('A').get('/v1/email/domains');
    expect(list.status).toBe(200);
    expect(list.body.domains).toContainEqual(domain);
    expect((await as('B').get('/v1/email/domains')).body.domains.map((d: { id: string }) => d.id)).not.toContain(domain.id);
    expect((await as('A').get(`/v1/email/domains/${domain.id}`)).body).toEqual(domain);

    const mailbox = await createMailbox('A', domain.id, { local_part: 'Sales', display_name: 'Acme Sales' });
    expect(mailbox).toEqual({
      id: expect.any(String),
      domain_id: domain.id,
      local_part: 'sales',
      display_name: 'Acme Sales',
      address: `sales@${domain.name}`,
      created_at: expect.any(String),
    });
    expect((await as('A').post(`/v1/email/domains/${domain.id}/mailboxes`, { local_part: 'sales' })).status).toBe(409);
    expect((await as('A').get(`/v1/email/domains/${domain.id}/mailboxes`)).body).toEqual({ mailboxes: [mailbox] });
    expect((await as('A').get(`/v1/email/mailboxes/${mailbox.id}`)).body).toEqual(mailbox);

    const inUse = await as('A').delete(`/v1/email/domains/${domain.id}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body.error).toMatch(/mailbox/);
    expect((await as('A').delete(`/v1/email/mailboxes/${mailbox.id}`)).body).toEqual({ id: mailbox.id, deleted: true });
    expect((await as('A').delete(`/v1/email/domains/${domain.id}`)).status).toBe(200);
    expect((await as('A').get(`/v1/email/domains/${domain.id}`)).status).toBe(404);
  });

  it("answers 404 for another workspace's domain or mailbox, and for malformed ids", async () => {
    const domain = await createDomain('A');
    const mailbox = await createMailbox('A', domain.id);
    for (const response of [
      await as('B').get(`/v1/email/domains/${domain.id}`),
      await as('B').delete(`/v1/email/domains/${domain.id}`),
      await as('B').get(`/v1/email/domains/${domain.id}/mailboxes`),
      await as('B').post(`/v1/email/domains/${domain.id}/mailboxes`, { local_part: 'x' }),
      await as('B').get(`/v1/email/mailboxes/${mailbox.id}`),
      await as('B').delete(`/v1/email/mailboxes/${mailbox.id}`),
      await as('A').get('/v1/email/domains/not-a-uuid'),
      await as('A').delete('/v1/email/mailboxes/123'),
      await as('A').get(`/v1/emails/nope`),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: expect.any(String) });
    }
    // Still there for its owner.
    expect((await as('A').get(`/v1/email/mailboxes/${mailbox.id}`)).status).toBe(200);
  });

  it.each([
    ['a single-label name', { name: 'localhost' }],
    ['a name with a space', { name: 'exa mple.com' }],
    ['a unicode name', { name: 'bücher.example' }],
    ['an unknown field', { name: 'ok.example.test', verified: true }],
    ['no name', {}],
  ])('refuses a domain with %s (400)', async (_what, body) => {
    const response = await as('A').post('/v1/email/domains', body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: expect.any(String) });
  });

  it.each([
    ['a local part with @', { local_part: 'a@b' }],
    ['a display name with CR/LF', { local_part: 'ok', display_name: 'A\r\nBcc: x@y.z' }],
    ['a local part of 65 characters', { local_part: 'a'.repeat(65) }],
  ])('refuses a mailbox with %s (400)', async (_what, body) => {
    const domain = await createDomain('A');
    expect((await as('A').post(`/v1/email/domains/${domain.id}/mailboxes`, body)).status).toBe(400);
  });
});

describe('POST /v1/emails', () => {
  let domain: { id: string; name: string };
  let mailbox: { id: string; address: string };

  beforeAll(async () => {
    domain = await createDomain('A');
    mailbox = await createMailbox('A', domain.id);
  });

  it('takes a body over the other routes’ 1 MiB limit (attachments travel as base64)', async () => {
    const large = Buffer.alloc(1_200_000, 7).toString('base64');
    const response = await as('A').post(
      '/v1/emails',
      sendBody(domain.id, { attachments: [{ filename: 'big.bin', content_type: 'application/octet-stream', content: large }] }),
    );
    expect(response.status).toBe(200);
  });

  it('queues the email and the relay receives it with the right envelope, headers, body and attachments', async () => {
    const pdf = Buffer.from('%PDF-1.4\n% a tiny test file\n'.repeat(20));
    const note = Buffer.from('héllo wörld\n');
    const subject = 'Devis n° 42 — prêt ✓';
    const text = 'Bonjour,\nvoici le devis. Ça vous va ?';
    const body = sendBody(domain.id, {
      mailbox_id: mailbox.id,
      subject,
      text,
      attachments: [
        { filename: 'devis 42.pdf', content_type: 'application/pdf', content: pdf.toString('base64') },
        { filename: 'note.txt', content_type: 'text/plain', content: note.toString('base64') },
      ],
    });
    const response = await as('A').post('/v1/emails', body);
    expect(response.status).toBe(200);
    expect(response.headers['idempotent-replayed']).toBe('false');
    expect(response.body).toEqual({
      id: expect.any(String),
      status: 'queued',
      request_key: body.request_key,
      domain_id: domain.id,
      mailbox_id: mailbox.id,
      from: { address: mailbox.address, name: 'Acme Sales' },
      to: 'lead@example.com',
      subject,
      attachments: [
        { filename: 'devis 42.pdf', content_type: 'application/pdf', size: pdf.length },
        { filename: 'note.txt', content_type: 'text/plain', size: note.length },
      ],
      message_id: `<${response.body.id}@${domain.name}>`,
      attempts: 0,
      error: null,
      created_at: expect.any(String),
      sent_at: null,
    });

    const sent = await sentEmail('A', response.body.id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, error: null, sent_at: expect.any(String) });
    const [email, ...more] = smtp.withMessageId(response.body.message_id);
    expect(more).toHaveLength(0);
    expect(email!.mailFrom).toBe(mailbox.address);
    expect(email!.rcptTo).toEqual(['lead@example.com']);
    const raw = email!.raw;
    expect(decodeEncodedWords(headerOf(raw, 'from')!)).toBe(`Acme Sales <${mailbox.address}>`);
    expect(headerOf(raw, 'to')).toBe('lead@example.com');
    const rawSubject = headerOf(raw, 'subject')!;
    expect(rawSubject).toMatch(/^=\?UTF-8\?[BQ]\?/i);
    expect(decodeEncodedWords(rawSubject)).toBe(subject);
    expect(headerOf(raw, 'message-id')).toBe(response.body.message_id);
    expect(headerOf(raw, 'bcc')).toBeUndefined();

    const parts = mimePartsOf(raw);
    expect(parts).toHaveLength(3);
    const [textPart, pdfPart, notePart] = parts;
    expect(textPart!.headers.get('content-type')).toMatch(/^text\/plain; charset=utf-8/i);
    expect(decodePart(textPart!)).toBe(text);
    expect(pdfPart!.headers.get('content-type')).toMatch(/^application\/pdf; name="?devis 42\.pdf"?/);
    expect(pdfPart!.headers.get('content-disposition')).toMatch(/^attachment; filename="?devis 42\.pdf"?/);
    expect(Buffer.from(pdfPart!.body.replace(/\s+/g, ''), 'base64').equals(pdf)).toBe(true);
    expect(notePart!.headers.get('content-type')).toMatch(/^text\/plain; name="?note\.txt"?/);
    expect(Buffer.from(decodePart(notePart!), 'utf8').equals(note)).toBe(true);
  });

  it('sends from no-reply@<domain> without a mailbox', async () => {
    const response = await as('A').post('/v1/emails', sendBody(domain.id, { mailbox_id: null }));
    expect(response.status).toBe(200);
    expect(response.body.from).toEqual({ address: `no-reply@${domain.name}`, name: null });
    await sentEmail('A', response.body.id);
    const [email] = smtp.withMessageId(response.body.message_id);
    expect(email!.mailFrom).toBe(`no-reply@${domain.name}`);
    expect(headerOf(email!.raw, 'from')).toBe(`no-reply@${domain.name}`);
  });

  it('replays the first result for the same request_key and payload, and sends nothing again', async () => {
    const body = sendBody(domain.id, { mailbox_id: mailbox.id });
    const first = await as('A').post('/v1/emails', body);
    await sentEmail('A', first.body.id);
    // Same payload with the keys in another order and the optional fields spelled out.
    const replay = await as('A').post('/v1/emails', { attachments: [], ...body, subject: body.subject });
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.id).toBe(first.body.id);
    expect(replay.body.status).toBe('sent');
    const count = await db.query(`SELECT count(*)::int AS n FROM messaging.email_sends WHERE request_key = $1`, [
      body.request_key,
    ]);
    expect(count[0].n).toBe(1);
    expect(smtp.withMessageId(first.body.message_id)).toHaveLength(1);

    const other = await as('A').post('/v1/emails', { ...body, subject: 'Another subject' });
    expect(other.status).toBe(409);
    expect(other.body.error).toMatch(/request_key/);
    // The key belongs to workspace A only: B's same key is its own send (422 here: A's domain).
    expect((await as('B').post('/v1/emails', body)).status).toBe(422);
  });

  it('stores one row and sends one email for 20 concurrent identical requests', async () => {
    const body = sendBody(domain.id, { mailbox_id: mailbox.id });
    const responses = await Promise.all(Array.from({ length: 20 }, () => as('A').post('/v1/emails', body)));
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
    const ids = new Set(responses.map((response) => response.body.id));
    expect(ids.size).toBe(1);
    expect(responses.filter((response) => response.headers['idempotent-replayed'] === 'false')).toHaveLength(1);
    const [id] = [...ids] as string[];
    const sent = await sentEmail('A', id!);
    const count = await db.query(`SELECT count(*)::int AS n FROM messaging.email_sends WHERE request_key = $1`, [
      body.request_key,
    ]);
    expect(count[0].n).toBe(1);
    expect(smtp.withMessageId(sent.message_id)).toHaveLength(1);
  });

  it('retries while the relay is down and sends once it is back', async () => {
    await smtp.stop();
    try {
      const response = await as('A').post('/v1/emails', sendBody(domain.id));
      expect(response.status).toBe(200);
      const failing = await eventually(
        async () => (await as('A').get(`/v1/emails/${response.body.id}`)).body,
        (body) => body.attempts >= 2,
        { timeoutMs: 20_000, what: 'two failed attempts' },
      );
      expect(failing.status).toBe('queued');
      expect(failing.error).toMatch(/ECONNREFUSED|connect/i);
      await smtp.start();
      const sent = await sentEmail('A', response.body.id);
      expect(sent.error).toBeNull();
      expect(sent.attempts).toBeGreaterThanOrEqual(3);
      expect(smtp.withMessageId(sent.message_id)).toHaveLength(1);
    } finally {
      await smtp.start().catch(() => undefined);
    }
  });

  it('fails at once when the relay refuses the recipient for good (5xx)', async () => {
    const response = await as('A').post('/v1/emails', sendBody(domain.id, { to: 'reject@example.com' }));
    const failed = await sentEmail('A', response.body.id, 'failed');
    expect(failed.attempts).toBe(1);
    expect(failed.error).toMatch(/550|No such user/);
  });

  it('reclaims a send whose dispatcher died mid-hand-off once its lease has passed', async () => {
    const response = await as('A').post('/v1/emails', sendBody(domain.id, { request_key: `orphan-${randomUUID()}` }));
    await sentEmail('A', response.body.id);
    // Play a dispatcher that claimed the send's job and died: the row `sending`, its job running with a lease in the past.
    await db.query(`UPDATE messaging.email_sends SET status = 'sending', sent_at = NULL WHERE id = $1`, [response.body.id]);
    await db.query(
      `INSERT INTO messaging.jobs (id, queue, payload, status, attempts, lock_token, locked_until)
       VALUES ($1, 'email.send', $2, 'running', 1, $3, now() - interval '1 second')`,
      [randomUUID(), { sendId: response.body.id }, randomUUID()],
    );
    const again = await sentEmail('A', response.body.id);
    expect(again.attempts).toBe(2);
    // Delivered twice, with the same Message-ID, so the relay and the recipient can tell.
    expect(smtp.withMessageId(again.message_id)).toHaveLength(2);
  });

  it.each([
    ['a foreign domain', async () => ({ domain_id: (await createDomain('B')).id })],
    ['an unknown domain', async () => ({ domain_id: randomUUID() })],
    ['a malformed domain id', async () => ({ domain_id: 'domain-1' })],
    [
      'a foreign mailbox',
      async () => {
        const foreign = await createDomain('B');
        return { mailbox_id: (await createMailbox('B', foreign.id)).id };
      },
    ],
    [
      'a mailbox of another domain of the workspace',
      async () => {
        const other = await createDomain('A');
        return { mailbox_id: (await createMailbox('A', other.id)).id };
      },
    ],
    ['an unknown mailbox', async () => ({ mailbox_id: randomUUID() })],
  ])('answers 422 {error} naming the field for %s, and sends nothing (decision 0042)', async (_what, change) => {
    const before = await db.query('SELECT count(*)::int AS n FROM messaging.email_sends');
    const response = await as('A').post('/v1/emails', sendBody(domain.id, await change()));
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ error: expect.stringMatching(/^(domain_id|mailbox_id) must be /) });
    expect(await db.query('SELECT count(*)::int AS n FROM messaging.email_sends')).toEqual(before);
  });

  it("answers 404 for another workspace's send", async () => {
    const response = await as('A').post('/v1/emails', sendBody(domain.id));
    expect((await as('B').get(`/v1/emails/${response.body.id}`)).status).toBe(404);
    expect((await as('A').get(`/v1/emails/${response.body.id}`)).status).toBe(200);
  });

  const attachment = (extra: object = {}) => ({ filename: 'a.txt', content_type: 'text/plain', content: 'aGk=', ...extra });
  const bigBase64 = (bytes: number) => Buffer.alloc(bytes, 1).toString('base64');
  it.each([
    ['no domain_id', { domain_id: undefined }],
    ['no to', { to: undefined }],
    ['a malformed to', { to: 'not-an-email' }],
    ['two recipients', { to: 'a@example.com,b@example.com' }],
    ['no subject', { subject: undefined }],
    ['a subject of 999 characters', { subject: 's'.repeat(EMAIL_LIMITS.subject + 1) }],
    ['a subject with CR/LF (header injection)', { subject: 'Hi\r\nBcc: victim@example.com' }],
    ['a subject with LF', { subject: 'Hi\nthere' }],
    ['no text', { text: undefined }],
    ['an empty text', { text: '' }],
    ['a text over the limit', { text: 't'.repeat(EMAIL_LIMITS.text + 1) }],
    ['no request_key', { request_key: undefined }],
    ['an empty request_key', { request_key: '' }],
    ['a request_key of 256 characters', { request_key: 'k'.repeat(256) }],
    ['a numeric mailbox_id', { mailbox_id: 5 }],
    ['attachments that are not an array', { attachments: attachment() }],
    ['11 attachments', { attachments: Array.from({ length: 11 }, () => attachment()) }],
    ['an attachment that is a string', { attachments: ['aGk='] }],
    ['an attachment without content', { attachments: [{ filename: 'a.txt', content_type: 'text/plain' }] }],
    ['a file name with a path', { attachments: [attachment({ filename: '../../etc/passwd' })] }],
    ['a file name with a backslash', { attachments: [attachment({ filename: 'C:\\x.txt' })] }],
    ['a file name of 256 characters', { attachments: [attachment({ filename: `${'f'.repeat(252)}.txt` })] }],
    ['a content type without subtype', { attachments: [attachment({ content_type: 'text' })] }],
    ['a content type with CR/LF', { attachments: [attachment({ content_type: 'text/plain\r\nX-Evil: 1' })] }],
    ['content that is not base64', { attachments: [attachment({ content: 'hello world!' })] }],
    ['content with bad padding', { attachments: [attachment({ content: 'aGk' })] }],
    ['an unknown attachment field', { attachments: [attachment({ inline: true })] }],
    [
      'attachments over 10 MB in total',
      {
        attachments: [
          attachment({ content: bigBase64(6 * 1024 * 1024) }),
          attachment({ content: bigBase64(4 * 1024 * 1024 + 1) }),
        ],
      },
    ],
    ['an unknown field', { cc: 'boss@example.com' }],
  ])('answers 400 {error} for %s', async (_what, change) => {
    const body = { ...sendBody(domain.id), ...change };
    const response = await as('A').post('/v1/emails', body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: expect.any(String) });
    const stored = await db.query(`SELECT count(*)::int AS n FROM messaging.email_sends WHERE request_key = $1`, [
      String(body.request_key),
    ]);
    expect(stored[0].n).toBe(0);
  });

  it('accepts 10 MB of attachments and a 998-character subject', async () => {
    const response = await as('A').post(
      '/v1/emails',
      sendBody(domain.id, {
        subject: 's'.repeat(EMAIL_LIMITS.subject),
        attachments: [
          attachment({ content: bigBase64(6 * 1024 * 1024) }),
          attachment({ filename: 'b.bin', content: bigBase64(4 * 1024 * 1024) }),
        ],
      }),
    );
    expect(response.status).toBe(200);
    const sent = await sentEmail('A', response.body.id);
    expect(sent.attachments.map((a: { size: number }) => a.size)).toEqual([6 * 1024 * 1024, 4 * 1024 * 1024]);
  });

  it('still refuses large bodies on other routes (1 MB)', async () => {
    const response = await as('A').post('/v1/email/domains', { name: 'x'.repeat(2 * 1024 * 1024) });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ error: expect.any(String) });
  });
});

/** The decoded text of a MIME part (quoted-printable or base64). */
function decodePart(part: { headers: Map<string, string>; body: string }): string {
  const encoding = part.headers.get('content-transfer-encoding')?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = part.body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8').replace(/\r\n/g, '\n');
  }
  return part.body.replace(/\r\n/g, '\n');
}
