import { hashPassword, verifyPassword } from './password-hashing';

describe('password hashing', () => {
  it('produces salted argon2id PHC strings that verify only the right password', async () => {
    const first = await hashPassword('correct horse');
    const second = await hashPassword('correct horse');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(first).not.toBe(second);
    await expect(verifyPassword(first, 'correct horse')).resolves.toBe(true);
    await expect(verifyPassword(first, 'wrong horse')).resolves.toBe(false);
  });

  it('refuses hashes that are not argon2id', async () => {
    await expect(verifyPassword('$2b$10$abcdefghijklmnopqrstuv', 'x')).resolves.toBe(false);
    await expect(verifyPassword('garbage', 'x')).resolves.toBe(false);
  });
});
