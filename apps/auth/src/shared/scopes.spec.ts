import { formatScope, narrowScopes, parseScope } from './scopes';

describe('scope parsing', () => {
  it('accepts `*` and permission names separated by single spaces', () => {
    expect(parseScope('*')).toEqual(['*']);
    expect(parseScope('view-users edit-users view-users')).toEqual(['edit-users', 'view-users']);
    expect(parseScope('view-users *')).toEqual(['*']);
  });

  it('refuses empty, unknown and badly separated scopes', () => {
    expect(parseScope(undefined)).toBeNull();
    expect(parseScope('')).toBeNull();
    expect(parseScope('view-users  edit-users')).toBeNull();
    expect(parseScope('admin')).toBeNull();
    expect(parseScope(' view-users')).toBeNull();
  });

  it('formats back to the space-separated form', () => {
    expect(formatScope(['edit-users', 'view-users'])).toBe('edit-users view-users');
  });
});

describe('scope narrowing at refresh', () => {
  it('allows a subset, never a superset', () => {
    expect(narrowScopes(['view-users', 'edit-users'], ['view-users'])).toEqual(['view-users']);
    expect(narrowScopes(['view-users'], ['view-users', 'edit-users'])).toBeNull();
    expect(narrowScopes(['view-users'], ['*'])).toBeNull();
  });

  it('treats `*` as covering every permission', () => {
    expect(narrowScopes(['*'], ['view-teams'])).toEqual(['view-teams']);
    expect(narrowScopes(['*'], ['*'])).toEqual(['*']);
  });
});
