import pino from 'pino';
import { REDACTED_PATHS } from './logger.module';
import { LogCapture } from './testing/log-capture';

describe('log redaction', () => {
  it('never writes credentials or secrets', () => {
    const capture = new LogCapture();
    const logger = pino({ redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, capture.stream);
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
    const line = capture.text();
    for (const secret of [
      'eyJhbGciOi',
      'sk_live_secret',
      'session=secret',
      'internal-secret',
      'hunter22',
      'cs_secret',
      'rt_secret',
    ]) {
      expect(line).not.toContain(secret);
    }
    expect(line).toContain('"user-agent":"curl"');
    expect(line).toContain('"name":"Ada"');
  });
});
