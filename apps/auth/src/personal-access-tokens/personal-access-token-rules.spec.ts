import { expiryProblem, patManagementRefusal, personalAccessTokenScopes } from './personal-access-token-rules';

describe('personal access token scopes', () => {
  it('accepts ["*"] alone or distinct permission names, sorted', () => {
    expect(personalAccessTokenScopes(['*'])).toEqual({ scopes: ['*'] });
    expect(personalAccessTokenScopes(['*', '*'])).toEqual({ scopes: ['*'] });
    expect(personalAccessTokenScopes(['view-users', 'edit-users', 'view-users'])).toEqual({
      scopes: ['edit-users', 'view-users'],
    });
  });

  it('refuses an empty list, unknown names and * mixed with permissions', () => {
    expect(personalAccessTokenScopes([])).toEqual({ problem: expect.stringMatching(/at least one/) });
    expect(personalAccessTokenScopes(['view-users', 'admin'])).toEqual({
      problem: expect.stringMatching(/unknown scopes: admin/),
    });
    expect(personalAccessTokenScopes(['*', 'view-users'])).toEqual({ problem: expect.stringMatching(/alone/) });
  });
});

describe('personal access token expiry', () => {
  const now = new Date('2030-01-01T00:00:00Z');

  it('accepts never (null) and a future instant', () => {
    expect(expiryProblem(null, now)).toBeNull();
    expect(expiryProblem(new Date('2030-01-01T00:00:01Z'), now)).toBeNull();
  });

  it('refuses now, the past and an invalid date', () => {
    expect(expiryProblem(now, now)).toMatch(/future/);
    expect(expiryProblem(new Date('2029-12-31T00:00:00Z'), now)).toMatch(/future/);
    expect(expiryProblem(new Date('nope'), now)).toMatch(/ISO 8601/);
  });
});

describe('who may manage personal access tokens', () => {
  it('needs a full-access credential of the user themself', () => {
    expect(patManagementRefusal({ scopes: ['*'] })).toBeNull();
    expect(patManagementRefusal({ scopes: ['view-users', 'edit-users'] })).toMatch(/full access/);
    expect(patManagementRefusal({ scopes: ['*'], actorUserId: '1' })).toMatch(/acting as another user/);
  });
});
