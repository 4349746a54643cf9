import { ACCESS_TOKEN_TOKEN_TYPE, PERMISSIONS, USER_ID_TOKEN_TYPE } from '@suite/contracts';
import {
  checkImpersonation,
  impersonationScopes,
  readTokenExchangeRequest,
  type ImpersonationActor,
  type ImpersonationTarget,
} from './token-exchange-rules';

const params = (overrides: Record<string, string | undefined> = {}) => {
  const all: Record<string, string | undefined> = {
    grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
    subject_token: '42',
    subject_token_type: USER_ID_TOKEN_TYPE,
    actor_token: 'eyJ.a.b',
    actor_token_type: ACCESS_TOKEN_TOKEN_TYPE,
    ...overrides,
  };
  return Object.fromEntries(Object.entries(all).filter(([, value]) => value !== undefined)) as Record<string, string>;
};

describe('readTokenExchangeRequest (RFC 8693 §2.1)', () => {
  it('reads the target user id and the actor token', () => {
    expect(readTokenExchangeRequest(params())).toEqual({ targetUserId: '42', actorToken: 'eyJ.a.b' });
    expect(readTokenExchangeRequest(params({ requested_token_type: ACCESS_TOKEN_TOKEN_TYPE, audience: 'suite-api' }))).toEqual({
      targetUserId: '42',
      actorToken: 'eyJ.a.b',
    });
  });

  it.each([
    ['no subject_token', { subject_token: undefined }, 'invalid_request'],
    ['another subject_token_type', { subject_token_type: ACCESS_TOKEN_TOKEN_TYPE }, 'invalid_request'],
    ['a subject that is not a user id', { subject_token: '0' }, 'invalid_request'],
    ['a subject with letters', { subject_token: '4a' }, 'invalid_request'],
    ['no actor token', { actor_token: undefined }, 'invalid_request'],
    [
      'an actor token type other than access_token',
      { actor_token_type: 'urn:ietf:params:oauth:token-type:id_token' },
      'invalid_request',
    ],
    ['a refresh token requested', { requested_token_type: 'urn:ietf:params:oauth:token-type:refresh_token' }, 'invalid_request'],
    ['another audience', { audience: 'https://elsewhere.example' }, 'invalid_target'],
    ['a resource', { resource: 'https://api.example/' }, 'invalid_target'],
    ['a scope', { scope: '*' }, 'invalid_scope'],
  ])('refuses %s', (_label, overrides, error) => {
    expect(readTokenExchangeRequest(params(overrides))).toMatchObject({ error });
  });
});

describe('checkImpersonation', () => {
  const admin: ImpersonationActor = { userId: '1', companyId: '10', permissions: ['view-users', 'edit-users'] };
  const target: ImpersonationTarget = {
    id: '2',
    companyId: '10',
    status: 'Active',
    deletedAt: null,
    inActorScope: true,
    permissions: ['view-users'],
  };

  it("lets an admin with view-users act as an active user of their company, with the admin's own rights", () => {
    expect(checkImpersonation(admin, target)).toEqual({ scopes: ['edit-users', 'view-users'] });
  });

  it('refuses a nested login-as: the actor token is itself a login-as token', () => {
    expect(checkImpersonation({ ...admin, actorUserId: '9' }, target)).toEqual({
      error: 'invalid_grant',
      description: expect.stringMatching(/nested/),
    });
  });

  it('refuses an actor without view-users, or without a user', () => {
    expect(checkImpersonation({ ...admin, permissions: ['edit-users'] }, target)).toMatchObject({
      error: 'invalid_grant',
      description: expect.stringMatching(/view-users/),
    });
    expect(checkImpersonation({ ...admin, userId: null }, target)).toMatchObject({ error: 'invalid_grant' });
  });

  it('answers an unknown, a deleted and an out-of-scope user alike', () => {
    const unknown = checkImpersonation(admin, null);
    expect(unknown).toEqual({ error: 'invalid_grant', description: 'The user does not exist.' });
    expect(checkImpersonation(admin, { ...target, deletedAt: new Date() })).toEqual(unknown);
    expect(checkImpersonation(admin, { ...target, inActorScope: false })).toEqual(unknown);
  });

  it('refuses a target holding a permission the actor does not (invalid_grant); equal permissions and fewer are allowed', () => {
    expect(
      checkImpersonation(admin, { ...target, permissions: ['view-users', 'delete-users', 'edit-users', 'delete-role'] }),
    ).toEqual({
      error: 'invalid_grant',
      description: 'You cannot log in as a user who holds permissions you do not: delete-users, delete-role.',
    });
    // The actor's permissions are what its credential carries: a token scoped to view-users cannot act as an edit-users holder.
    expect(
      checkImpersonation({ ...admin, permissions: ['view-users'] }, { ...target, permissions: ['edit-users'] }),
    ).toMatchObject({ error: 'invalid_grant' });
    expect(checkImpersonation(admin, { ...target, permissions: ['edit-users', 'view-users'] })).toEqual({
      scopes: ['edit-users', 'view-users'],
    });
    expect(checkImpersonation(admin, { ...target, permissions: [] })).toEqual({ scopes: ['edit-users', 'view-users'] });
  });

  it('refuses acting as oneself and as a user who is not active', () => {
    expect(checkImpersonation(admin, { ...target, id: '1' })).toMatchObject({
      error: 'invalid_grant',
      description: expect.stringMatching(/themselves/),
    });
    expect(checkImpersonation(admin, { ...target, status: 'Suspended' })).toMatchObject({
      description: expect.stringMatching(/not active \(Suspended\)/),
    });
  });
});

describe('impersonationScopes', () => {
  it('is "*" for an admin holding every permission, else their sorted permissions', () => {
    expect(impersonationScopes([...PERMISSIONS])).toEqual(['*']);
    expect(impersonationScopes(['view-users', 'delete-users', 'view-users'])).toEqual(['delete-users', 'view-users']);
  });
});
