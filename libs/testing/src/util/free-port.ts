import net from 'node:net';

/**
 * A TCP port that was free on `host` a moment ago (bind to port 0, read it, close).
 * Another process can still take it before the caller binds; for test servers that
 * race is rare enough, and a lost race shows up as a clear bind error.
 */
export function findFreePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ host, port: 0, exclusive: true }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('could not read the bound port'))));
    });
  });
}

/** `count` distinct free ports (asking twice in a row may hand back the same port). */
export async function findFreePorts(count: number, host = '127.0.0.1'): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await findFreePort(host));
  return [...ports];
}
