import { Logger } from '@nestjs/common';
import type { Principal } from '@suite/authz';
import { PERMISSIONS, TOKEN_EXCHANGE_GRANT_TYPE, USER_ID_TOKEN_TYPE, type Permission } from '@suite/contracts';
import { AppError } from '@suite/http';
import type { BaseEnvironment } from '@suite/config';
import type { LoginAsEnvironment } from './login-as-environment';
import { LoginAsService } from './login-as.service';
import type { UserEntity } from './user.entity';
import type { UsersService } from './users.service';

const admin: Principal = { via: 'access_token', companyId: '10', userId: '1', scopes: ['*'], credentialId: 'jti-1' };

function setup(
  options: {
    env?: Partial<LoginAsEnvironment & BaseEnvironment>;
    target?: Partial<UserEntity> | null;
    targetPermissions?: Permission[];
  } = {},
) {
  const target =
    options.target === null
      ? null
      : ({ id: '2', companyId: '10', status: 'Active', roleId: '5', ...options.target } as UserEntity);
  const users = {
    get: jest.fn(async () => {
      if (!target) throw new AppError('not_found', 'User not found.');
      return target;
    }),
    permissionsHeldBy: jest.fn(async () => options.targetPermissions ?? ['view-users']),
  } as unknown as UsersService;
  const env = {
    AUTH_ISSUER: 'https://auth.example.com/',
    INTERNAL_API_TOKEN: 'i'.repeat(40),
    ...options.env,
  } as LoginAsEnvironment & BaseEnvironment;
  // Its own slice and the shared variables: both read from the one environment, as the app provides them.
  const sut = new LoginAsService(users, env, env);
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const answer = {
    value: new Response(JSON.stringify({ access_token: 'the.jwt.token', token_type: 'Bearer' }), { status: 200 }) as
      Response | Error,
  };
  sut.fetch = async (url, init) => {
    calls.push({ url: String(url), init: init ?? {} });
    if (answer.value instanceof Error) throw answer.value;
    return answer.value;
  };
  return { sut, mocks: { users, calls, answer } };
}

const request = (overrides: Partial<Parameters<LoginAsService['loginAs']>[0]> = {}) => ({
  companyId: '10',
  targetUserId: '2',
  principal: admin,
  permissions: [...PERMISSIONS],
  bearer: 'admin.bearer.token',
  clientIp: '203.0.113.7',
  ...overrides,
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe('LoginAsService', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it("exchanges the admin's bearer token for the target at auth's token endpoint, as an internal caller", async () => {
    const { sut, mocks } = setup();
    await expect(sut.loginAs(request())).resolves.toEqual({ user_id: 2, token: 'the.jwt.token' });
    expect(mocks.calls).toHaveLength(1);
    const [call] = mocks.calls;
    expect(call.url).toBe('https://auth.example.com/oauth/token');
    expect(call.init.headers).toMatchObject({ 'x-internal-token': 'i'.repeat(40), 'x-internal-client-ip': '203.0.113.7' });
    expect(call.init.headers).not.toHaveProperty('x-forwarded-for');
    const form = new URLSearchParams(String(call.init.body));
    expect(Object.fromEntries(form)).toMatchObject({
      grant_type: TOKEN_EXCHANGE_GRANT_TYPE,
      subject_token: '2',
      subject_token_type: USER_ID_TOKEN_TYPE,
      actor_token: 'admin.bearer.token',
    });
  });

  it('calls AUTH_INTERNAL_URL when set', async () => {
    const { sut, mocks } = setup({ env: { AUTH_INTERNAL_URL: 'http://auth.internal:3002' } });
    await sut.loginAs(request());
    expect(mocks.calls[0].url).toBe('http://auth.internal:3002/oauth/token');
  });

  it('refuses oneself (422), an inactive user (422), a nested login-as (403) and passes 404 on, without calling auth', async () => {
    const self = setup({ target: { id: '1' } });
    await expect(failure(self.sut.loginAs(request({ targetUserId: '1' })))).resolves.toMatchObject({ kind: 'unprocessable' });
    const suspended = setup({ target: { status: 'Suspended' } });
    await expect(failure(suspended.sut.loginAs(request()))).resolves.toMatchObject({ kind: 'unprocessable' });
    const nested = setup();
    await expect(failure(nested.sut.loginAs(request({ principal: { ...admin, actorUserId: '9' } })))).resolves.toMatchObject({
      kind: 'forbidden',
    });
    const missing = setup({ target: null });
    await expect(failure(missing.sut.loginAs(request()))).resolves.toMatchObject({ kind: 'not_found' });
    expect([self, suspended, nested, missing].every(({ mocks }) => mocks.calls.length === 0)).toBe(true);
  });

  it('refuses (403) a target holding a permission the caller does not, without calling auth; equal permissions are allowed', async () => {
    const stronger = setup({ targetPermissions: ['view-users', 'delete-users', 'edit-users'] });
    await expect(failure(stronger.sut.loginAs(request({ permissions: ['view-users', 'edit-users'] })))).resolves.toMatchObject({
      kind: 'forbidden',
      message: 'You cannot log in as a user who holds permissions you do not: delete-users.',
    });
    expect(stronger.mocks.calls).toHaveLength(0);
    const equal = setup({ targetPermissions: ['edit-users', 'view-users'] });
    await expect(equal.sut.loginAs(request({ permissions: ['view-users', 'edit-users'] }))).resolves.toEqual({
      user_id: 2,
      token: 'the.jwt.token',
    });
  });

  it('answers 503 when auth is unreachable, times out, fails or rejects the internal token', async () => {
    for (const answer of [
      Object.assign(new Error('connect ECONNREFUSED'), { name: 'TypeError' }),
      Object.assign(new Error('timed out'), { name: 'TimeoutError' }),
      new Response('oops', { status: 502 }),
      new Response(JSON.stringify({ error: 'invalid_client' }), { status: 401 }),
    ]) {
      const { sut, mocks } = setup();
      mocks.answer.value = answer;
      await expect(failure(sut.loginAs(request()))).resolves.toMatchObject({ kind: 'unavailable' });
    }
    const unconfigured = setup({ env: { INTERNAL_API_TOKEN: undefined } });
    await expect(failure(unconfigured.sut.loginAs(request()))).resolves.toMatchObject({ kind: 'unavailable' });
    expect(unconfigured.mocks.calls).toHaveLength(0);
  });

  it("turns auth's invalid_grant into a 422 with its description", async () => {
    const { sut, mocks } = setup();
    mocks.answer.value = new Response(
      JSON.stringify({ error: 'invalid_grant', error_description: 'The user is not active (Suspended).' }),
      { status: 400 },
    );
    await expect(failure(sut.loginAs(request()))).resolves.toMatchObject({
      kind: 'unprocessable',
      message: 'The user is not active (Suspended).',
    });
  });
});
