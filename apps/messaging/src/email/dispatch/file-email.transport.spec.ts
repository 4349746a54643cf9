import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { composeEmail } from './compose-email';
import { FileEmailTransport } from './file-email.transport';

describe('FileEmailTransport (no relay configured)', () => {
  it('writes the rendered message to <dir>/<id@domain>.eml and reports it captured, not sent', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'mail-'));
    const transport = new FileEmailTransport(directory);
    try {
      const result = await transport.deliver(
        composeEmail({
          fromAddress: 'no-reply@acme.test',
          fromName: null,
          toAddress: 'lead@example.com',
          subject: 'Hi',
          text: 'Hello',
          attachments: [{ filename: 'a.txt', content_type: 'text/plain', content: 'aGk=', size: 2 }],
          messageId: '<123@acme.test>',
        }),
        new AbortController().signal,
      );
      expect(result.outcome).toBe('captured');
      expect(await readdir(directory)).toEqual(['123@acme.test.eml']);
      const raw = await readFile(path.join(directory, '123@acme.test.eml'), 'utf8');
      expect(raw).toMatch(/^Message-ID: <123@acme\.test>$/m);
      expect(raw).toMatch(/^To: lead@example\.com$/m);
      expect(raw).toMatch(/filename=a\.txt/);
    } finally {
      transport.close();
      await rm(directory, { recursive: true, force: true });
    }
  });
});
