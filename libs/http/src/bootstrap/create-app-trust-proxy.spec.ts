import { Controller, Get, Module, Req, type INestApplication } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loggerModule } from '@suite/observability';
import { createApp } from './create-app';

@Controller()
class IpController {
  @Get('ip')
  ip(@Req() request: FastifyRequest): { ip: string } {
    return { ip: request.ip };
  }
}

@Module({ imports: [loggerModule('trust-proxy-test', 'silent')], controllers: [IpController] })
class IpModule {}

/** request.ip as the app sees a connection from `peer` carrying `forwardedFor`. */
async function ipSeen(app: INestApplication, peer: string, forwardedFor?: string): Promise<string> {
  const response = await (app.getHttpAdapter().getInstance() as FastifyInstance).inject({
    method: 'GET',
    url: '/ip',
    remoteAddress: peer,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });
  return (response.json() as { ip: string }).ip;
}

describe('createApp: request.ip and TRUSTED_PROXIES', () => {
  const build = (trustedProxies?: string[]) =>
    createApp(IpModule, {
      appName: 'trust-proxy-test',
      formatError: () => ({ body: {} }),
      openApi: { title: 't', description: 't', version: '1' },
      trustedProxies,
    });

  it('believes no forwarded header when no proxy is trusted, not even from loopback or a private network', async () => {
    const app = await build();
    try {
      await expect(ipSeen(app, '127.0.0.1', '198.51.100.7')).resolves.toBe('127.0.0.1');
      await expect(ipSeen(app, '10.1.2.3', '198.51.100.7')).resolves.toBe('10.1.2.3');
      await expect(ipSeen(app, '::1', '198.51.100.7')).resolves.toBe('::1');
    } finally {
      await app.close();
    }
  });

  it('takes the client from a trusted proxy, stops at the first untrusted hop, and ignores the header from anyone else', async () => {
    const app = await build(['10.0.0.0/8', '192.0.2.7']);
    try {
      await expect(ipSeen(app, '10.1.2.3', '198.51.100.7')).resolves.toBe('198.51.100.7');
      // A client's own forged entry sits left of the address the proxy saw: never reached.
      await expect(ipSeen(app, '10.1.2.3', '1.2.3.4, 198.51.100.7')).resolves.toBe('198.51.100.7');
      await expect(ipSeen(app, '192.0.2.7', '10.9.9.9, 198.51.100.8')).resolves.toBe('198.51.100.8');
      await expect(ipSeen(app, '127.0.0.1', '198.51.100.7')).resolves.toBe('127.0.0.1');
      await expect(ipSeen(app, '203.0.113.5', '198.51.100.7')).resolves.toBe('203.0.113.5');
    } finally {
      await app.close();
    }
  });
});
