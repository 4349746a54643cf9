import { isDomainName, isLocalPart, normalizeDomainName } from './email-names';
import { emailAddress, messageIdOf, senderAddress } from './sender-address';

describe('email names', () => {
  it.each(['example.com', 'mail.acme.test', 'xn--bcher-kva.example', 'a-b.c0.io', `${'a'.repeat(63)}.com`])(
    'accepts the domain %s',
    (name) => {
      expect(isDomainName(name)).toBe(true);
    },
  );

  it.each([
    'localhost',
    'example',
    '-a.com',
    'a-.com',
    'a..com',
    '.a.com',
    'a.com.',
    'exa mple.com',
    'bücher.example',
    '1.2.3.4',
    `${'a'.repeat(64)}.com`,
    'Example.com',
    `${'a.'.repeat(127)}com`,
  ])('refuses the domain %j', (name) => {
    expect(isDomainName(name)).toBe(false);
  });

  it('normalises a domain to trimmed lowercase', () => {
    expect(normalizeDomainName('  Mail.ACME.test ')).toBe('mail.acme.test');
  });

  it.each(['sales', 'no-reply', 'first.last', 'a+tag', 'x_y'])('accepts the local part %s', (part) => {
    expect(isLocalPart(part)).toBe(true);
  });

  it.each(['', '.a', 'a.', 'a..b', 'a b', 'a@b', '"quoted"', 'Sales', 'a'.repeat(65)])('refuses the local part %j', (part) => {
    expect(isLocalPart(part)).toBe(false);
  });
});

describe('sender addresses', () => {
  it('builds local@domain', () => {
    expect(emailAddress('sales', 'acme.test')).toBe('sales@acme.test');
    expect(() => emailAddress('bad part', 'acme.test')).toThrow('local part');
    expect(() => emailAddress('sales', 'acme')).toThrow('domain name');
  });

  it("uses the mailbox's address and display name", () => {
    expect(senderAddress('acme.test', { localPart: 'sales', displayName: 'Acme Sales' })).toEqual({
      address: 'sales@acme.test',
      name: 'Acme Sales',
    });
    expect(senderAddress('acme.test', { localPart: 'sales', displayName: '' })).toEqual({
      address: 'sales@acme.test',
      name: null,
    });
  });

  it('falls back to no-reply@<domain> without a mailbox', () => {
    expect(senderAddress('acme.test', null)).toEqual({ address: 'no-reply@acme.test', name: null });
  });

  it('derives a stable Message-ID from the send id', () => {
    expect(messageIdOf('6f1c2a4e-8b7d-4c3e-9a1f-0d2e3f4a5b6c', 'acme.test')).toBe(
      '<6f1c2a4e-8b7d-4c3e-9a1f-0d2e3f4a5b6c@acme.test>',
    );
  });
});
