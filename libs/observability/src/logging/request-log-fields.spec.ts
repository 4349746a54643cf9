import pino from 'pino';
import { REDACTED_PATHS, requestLogFields } from './logger.module';
import { LogCapture } from './testing/log-capture';

describe('requestLogFields (the req of every request log line)', () => {
  const request = {
    id: 'req-1',
    method: 'POST',
    url: '/v1/messages',
    headers: {
      authorization: 'Bearer eyJhbGciOi.secret',
      'x-api-key': 'sk_live_secret',
      cookie: 'session=secret',
      'x-internal-token': 'internal-secret',
      'user-agent': 'curl/8.5',
      'content-type': 'application/json',
      'x-forwarded-for': '203.0.113.9',
    },
  };

  it('keeps id, method, url and the allowed headers only', () => {
    expect(requestLogFields(request)).toEqual({
      id: 'req-1',
      method: 'POST',
      url: '/v1/messages',
      headers: { 'user-agent': 'curl/8.5', 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
    });
  });

  it('writes no credential when a line carries the request: the req serializer and redaction, also through child loggers', () => {
    const capture = new LogCapture();
    const logger = pino(
      { redact: { paths: REDACTED_PATHS, censor: '[redacted]' }, serializers: { req: requestLogFields } },
      capture.stream,
    );
    logger.child({ req: request }).child({ trace_id: '4bf92f3577b34da6a3ce929d0e0e4736' }).info('request completed');
    const line = capture.text();
    for (const secret of ['eyJhbGciOi', 'sk_live_secret', 'session=secret', 'internal-secret'])
      expect(line).not.toContain(secret);
    expect(JSON.parse(line)).toMatchObject({
      req: { id: 'req-1', url: '/v1/messages', headers: { 'user-agent': 'curl/8.5' } },
      trace_id: '4bf92f3577b34da6a3ce929d0e0e4736',
    });
  });
});
