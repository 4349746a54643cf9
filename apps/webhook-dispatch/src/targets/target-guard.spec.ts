import { parseAllowedCidrs } from './address-policy';
import { parseTargetUrl, TargetGuard } from './target-guard';
import { TargetResolver, type ResolvedAddress } from './target-resolver';

/** A resolver answering from a table; counts its lookups. */
class TableResolver extends TargetResolver {
  lookups = 0;
  constructor(private readonly table: Record<string, ResolvedAddress[] | Error>) {
    super();
  }
  async resolve(hostname: string): Promise<ResolvedAddress[]> {
    this.lookups += 1;
    const answer = this.table[hostname];
    if (answer instanceof Error) throw answer;
    return answer ?? [];
  }
}

const v4 = (address: string): ResolvedAddress => ({ address, family: 4 });
const notFound = Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
const resolver = new TableResolver({
  'hooks.example.com': [v4('93.184.215.14')],
  'rebind.example.com': [v4('93.184.215.14'), v4('10.0.0.5')],
  'internal.example.com': [v4('169.254.169.254')],
  'local.example.com': [v4('127.0.0.1')],
  'gone.example.com': notFound,
});
const guard = new TargetGuard(resolver, []);
const lenient = new TargetGuard(resolver, parseAllowedCidrs(['127.0.0.0/8', '::1/128']));

describe('parseTargetUrl (the rules before resolution)', () => {
  it.each([
    ['ftp://example.com/x', 'must be https (not ftp)'],
    ['javascript:alert(1)', 'must be https (not javascript)'],
    ['https://user:pass@example.com/', 'must not carry credentials'],
    ['https://user@example.com/', 'must not carry credentials'],
    ['not a url', 'not a valid absolute URL'],
    [`https://example.com/${'a'.repeat(2048)}`, 'longer than 2048 characters'],
  ])('refuses %s', (url, reason) => {
    const parsed = parseTargetUrl(url);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.reason).toContain(reason);
  });

  it('accepts any port and reads the host as a connection would', () => {
    const parsed = parseTargetUrl('https://0x7f.1:8443/hook');
    expect(parsed.ok && [parsed.hostname, parsed.url.port]).toEqual(['127.0.0.1', '8443']);
    const v6 = parseTargetUrl('https://[::ffff:7f00:1]/hook');
    expect(v6.ok && v6.hostname).toBe('::ffff:7f00:1');
  });
});

describe('TargetGuard', () => {
  it('pins the checked address of a public https target', async () => {
    const check = await guard.check('https://hooks.example.com:8443/in?x=1');
    expect(check).toMatchObject({ ok: true, pinned: { address: '93.184.215.14', family: 4 } });
  });

  it.each([
    ['https://internal.example.com/', 'internal.example.com resolves to 169.254.169.254, a link-local address'],
    ['https://rebind.example.com/', 'resolves to 10.0.0.5, a private address'],
    ['https://local.example.com/', 'a loopback address'],
    ['https://127.0.0.1/', '127.0.0.1 is a loopback address'],
    ['https://[::1]/', '::1 is a loopback address'],
    ['https://[::ffff:a9fe:a9fe]/', 'a link-local address'],
    ['https://0x7f.1/', '127.0.0.1 is a loopback address'],
    ['https://2130706433/', '127.0.0.1 is a loopback address'],
    ['https://gone.example.com/', 'gone.example.com could not be resolved (ENOTFOUND)'],
    ['https://empty.example.com/', 'resolved to no address'],
    ['http://hooks.example.com/', 'must be https (plain http only to WEBHOOKS_ALLOWED_PRIVATE_CIDRS)'],
  ])('refuses %s with a reason', async (url, reason) => {
    const check = await guard.check(url);
    expect(check.ok).toBe(false);
    expect(!check.ok && check.reason).toContain(reason);
  });

  it('allows the listed private ranges, over plain http too, and nothing more', async () => {
    expect(await lenient.check('http://local.example.com:3000/')).toMatchObject({ ok: true, pinned: { address: '127.0.0.1' } });
    expect(await lenient.check('http://[::1]:3000/')).toMatchObject({ ok: true, pinned: { address: '::1', family: 6 } });
    expect((await lenient.check('https://internal.example.com/')).ok).toBe(false);
    expect((await lenient.check('http://hooks.example.com/')).ok).toBe(false);
  });

  it('does not resolve IP literals', async () => {
    const before = resolver.lookups;
    await guard.check('https://8.8.8.8/');
    expect(resolver.lookups).toBe(before);
  });
});
