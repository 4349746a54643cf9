import { readFileSync } from 'node:fs';
import net from 'node:net';

/**
 * A TCP port that was free on `host` a moment ago. Another process can still take it before the
 * caller binds; a lost race shows up as a clear bind error.
 *
 * The port is drawn from below the kernel's ephemeral range (ports 20000 up to its start): a port
 * handed out by binding port 0 comes from the same range as the local ports of outgoing
 * connections, and with tests opening hundreds of PostgreSQL and Kafka connections, one of them
 * took a port between its choice and the launcher's bind (EADDRINUSE in CI). Where the range is
 * unknown or leaves no room below it, port 0 it is.
 */
export async function findFreePort(host = '127.0.0.1'): Promise<number> {
  const below = ephemeralRangeStart();
  if (below !== null && below > LOWEST_PORT + 1000) {
    for (let attempt = 0; attempt < 50; attempt++) {
      const port = LOWEST_PORT + Math.floor(Math.random() * (below - LOWEST_PORT));
      if (await canBind(host, port)) return port;
    }
  }
  return bindAndRead(host, 0);
}

const LOWEST_PORT = 20_000;

/** The first port of the kernel's ephemeral range (Linux), or null where it cannot be read. */
function ephemeralRangeStart(): number | null {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    const port = Number(low);
    return Number.isInteger(port) && port > 0 ? port : null;
  } catch {
    return null;
  }
}

function canBind(host: string, port: number): Promise<boolean> {
  return bindAndRead(host, port).then(
    () => true,
    () => false,
  );
}

/** Binds `port` (0: any) exclusively, reads the port bound, closes. */
function bindAndRead(host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ host, port, exclusive: true }, () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (bound ? resolve(bound) : reject(new Error('could not read the bound port'))));
    });
  });
}

/** `count` distinct free ports (asking twice in a row may hand back the same port). */
export async function findFreePorts(count: number, host = '127.0.0.1'): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await findFreePort(host));
  return [...ports];
}
