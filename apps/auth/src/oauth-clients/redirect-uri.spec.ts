import { redirectUriMatches, redirectUriProblem } from './redirect-uri';

describe('redirect URI registration', () => {
  it('accepts https URLs and http on loopback', () => {
    expect(redirectUriProblem('https://app.example.com/callback')).toBeNull();
    expect(redirectUriProblem('https://app.example.com/cb?tenant=1')).toBeNull();
    expect(redirectUriProblem('http://127.0.0.1:8080/cb')).toBeNull();
    expect(redirectUriProblem('http://localhost/cb')).toBeNull();
  });

  it('refuses fragments, relative or protocol-less URLs, other schemes, credentials and remote http', () => {
    expect(redirectUriProblem('https://app.example.com/cb#x')).toMatch(/fragment/);
    expect(redirectUriProblem('app.example.com/cb')).toMatch(/absolute/);
    expect(redirectUriProblem('/cb')).toMatch(/absolute/);
    expect(redirectUriProblem('javascript:alert(1)')).toMatch(/https/);
    expect(redirectUriProblem('https://user:pw@app.example.com/cb')).toMatch(/credentials/);
    expect(redirectUriProblem('http://app.example.com/cb')).toMatch(/loopback/);
    expect(redirectUriProblem('https:/app.example.com/cb')).toMatch(/absolute/);
    expect(redirectUriProblem('https://app.example.com/c b')).toMatch(/whitespace/);
  });
});

describe('redirect URI matching', () => {
  const registered = 'https://app.example.com/callback';

  it('matches only the identical string', () => {
    expect(redirectUriMatches(registered, registered)).toBe(true);
    expect(redirectUriMatches(registered, undefined)).toBe(false);
    expect(redirectUriMatches(registered, 'https://app.example.com/callback/')).toBe(false);
    expect(redirectUriMatches(registered, 'https://APP.example.com/callback')).toBe(false);
    expect(redirectUriMatches(registered, 'https://app.example.com/callback?x=1')).toBe(false);
    expect(redirectUriMatches(registered, 'https://app.example.com/callback/../callback')).toBe(false);
    expect(redirectUriMatches(registered, 'https://app.example.com.evil.test/callback')).toBe(false);
  });
});
