import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sendWebhook } from './send-webhook';

/** A throw-away self-signed certificate for hooks.test, when openssl is at hand. */
function selfSigned(): { key: Buffer; cert: Buffer } | undefined {
  const dir = mkdtempSync(path.join(tmpdir(), 'webhook-tls-'));
  try {
    const made = spawnSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=hooks.test',
        '-keyout',
        'key.pem',
        '-out',
        'cert.pem',
      ],
      { cwd: dir, stdio: 'ignore' },
    );
    if (made.status !== 0) return undefined;
    return { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('sendWebhook over TLS', () => {
  const tls = selfSigned();
  const maybe = tls ? it : it.skip;

  maybe('names the host in SNI while connecting to the pinned address, and checks the certificate', async () => {
    let servername: string | undefined;
    const sni = (name: string, callback: (error: Error | null) => void) => {
      servername = name;
      callback(null);
    };
    const server = https.createServer({ ...tls!, SNICallback: sni }, (_req, res) => res.writeHead(200).end());
    server.on('tlsClientError', () => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const result = await sendWebhook({
        url: `https://hooks.test:${port}/`,
        pinnedAddress: '127.0.0.1',
        headers: {},
        body: Buffer.from('{}'),
        timeoutMs: 5000,
      });
      // The handshake reached the server under the host's name; the self-signed certificate is refused.
      expect(result.statusCode).toBeNull();
      expect(result.error).toMatch(/self[- ]signed/i);
      expect(servername).toBe('hooks.test');
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
