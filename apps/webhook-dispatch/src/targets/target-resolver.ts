import { lookup } from 'node:dns/promises';

export interface ResolvedAddress {
  address: string;
  /** 4 or 6. */
  family: number;
}

/**
 * How a target's host name becomes addresses: a port, so a test can make a name resolve to a
 * private address at send time. The guard asks once per check and pins what it checked.
 */
export abstract class TargetResolver {
  abstract resolve(hostname: string): Promise<ResolvedAddress[]>;
}

/** The system resolver (getaddrinfo: /etc/hosts, then DNS), every address of the name. */
export class DnsTargetResolver extends TargetResolver {
  async resolve(hostname: string): Promise<ResolvedAddress[]> {
    return lookup(hostname, { all: true, verbatim: true });
  }
}
