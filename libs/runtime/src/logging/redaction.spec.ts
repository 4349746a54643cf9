import { Writable } from 'node:stream';
import pino from 'pino';
import { REDACTED_PATHS } from './logger.module';

describe('log redaction', () => {
  it('never writes credentials or secrets', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = pino({ redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, sink);
    logger.info({
      req: {
        headers: {
          authorization: 'Bearer eyJhbGciOi.secret',
          'x-api-key': 'sk_live_secret',
          cookie: 'session=secret',
          'x-internal-token': 'internal-secret',
          'user-agent': 'curl',
        },
      },
      body: { password: 'hunter22', client_secret: 'cs_secret', refresh_token: 'rt_secret', name: 'Ada' },
    });
    const line = lines.join('');
    for (const secret of ['eyJhbGciOi', 'sk_live_secret', 'session=secret', 'internal-secret', 'hunter22', 'cs_secret', 'rt_secret']) {
      expect(line).not.toContain(secret);
    }
    expect(line).toContain('"user-agent":"curl"');
    expect(line).toContain('"name":"Ada"');
  });
});
