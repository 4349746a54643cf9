import { readFileSync } from 'node:fs';
import net from 'node:net';
import { findFreePort, findFreePorts } from './free-port';

const ephemeralStart = (): number =>
  Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);

describe('findFreePort', () => {
  it('hands out a port below the ephemeral range that can then be bound', async () => {
    const port = await findFreePort();
    expect(port).toBeGreaterThanOrEqual(20_000);
    expect(port).toBeLessThan(ephemeralStart());
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
    await new Promise((resolve) => server.close(resolve));
  });

  it('gives distinct ports when asked for several', async () => {
    const ports = await findFreePorts(5);
    expect(new Set(ports).size).toBe(5);
  });
});
