import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';

/**
 * An idle kept-alive connection is closed after this long: under node's default server
 * keepAliveTimeout (5 s), so we close idle connections before most servers do.
 */
const IDLE_MS = 4_000;
/** Targets whose connections are kept; the least recently used one's are closed beyond it. */
const MAX_TARGETS = 1_000;

/** A lookup that answers the pinned address whatever it is asked, in the shape the caller wants. */
export function pinnedLookup(address: string): LookupFunction {
  const family = isIP(address);
  return (_hostname, options, callback) => {
    if (options.all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

/**
 * Kept-alive connections per target: one agent per scheme, host, port and pinned address, so a
 * connection is only ever reused for the address the guard has just checked again (decision
 * 0028): a name that now resolves elsewhere gets a new agent, and the old one's connections idle
 * out. A webhook sending hundreds of deliveries a second then costs one TCP (and TLS) handshake
 * per connection, not per delivery. The agent never queues a request: many webhooks may share a
 * host (a hanging path of one must not hold the connections another needs), and what is in
 * flight is bounded already, per webhook (WEBHOOKS_ENDPOINT_CONCURRENCY) and per replica. Up to
 * `idlePerTarget` idle connections are kept per target.
 */
export class PinnedAgents {
  private readonly agents = new Map<string, http.Agent>();

  constructor(private readonly idlePerTarget: number) {}

  for(url: URL, address: string): http.Agent {
    const key = `${url.protocol}//${url.host}|${address}`;
    const known = this.agents.get(key);
    if (known) {
      // Most recently used last: the Map's order is the eviction order.
      this.agents.delete(key);
      this.agents.set(key, known);
      return known;
    }
    const options = {
      keepAlive: true,
      maxSockets: Infinity,
      maxFreeSockets: this.idlePerTarget,
      timeout: IDLE_MS,
      lookup: pinnedLookup(address),
    };
    const agent = url.protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
    this.agents.set(key, agent);
    if (this.agents.size > MAX_TARGETS) {
      const [oldestKey, oldest] = this.agents.entries().next().value as [string, http.Agent];
      this.agents.delete(oldestKey);
      oldest.destroy();
    }
    return agent;
  }

  /** Closes every connection (shutdown). */
  destroy(): void {
    for (const agent of this.agents.values()) agent.destroy();
    this.agents.clear();
  }
}
