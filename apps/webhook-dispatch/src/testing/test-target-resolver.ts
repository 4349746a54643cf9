import { TargetResolver, type ResolvedAddress } from '../targets/target-resolver';

/**
 * A resolver for specs, which have no DNS: these names and nothing else. `example.com` and
 * `example.org` are public (their real addresses); `intranet.example` is the case the guard is for,
 * a public-looking name that resolves to a private address.
 */
export const TEST_HOSTS: Readonly<Record<string, ResolvedAddress[]>> = {
  'example.com': [{ address: '93.184.215.14', family: 4 }],
  'example.org': [{ address: '96.7.128.198', family: 4 }],
  'intranet.example': [{ address: '10.20.30.40', family: 4 }],
  'metadata.example': [{ address: '169.254.169.254', family: 4 }],
};

export class TestTargetResolver extends TargetResolver {
  async resolve(hostname: string): Promise<ResolvedAddress[]> {
    const found = TEST_HOSTS[hostname];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return found;
  }
}
