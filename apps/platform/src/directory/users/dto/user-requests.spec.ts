import { RoleRequest } from '../../roles/dto/role.request';
import { CreateTeamRequest } from '../../teams/dto/create-team.request';
import { areaCodesFor } from '../users.service';
import { CreateUserRequest } from './create-user.request';
import { ListUsersQuery } from './list-users.query';
import { UpdateUserRequest } from './update-user.request';
import { validateRequest } from '../../../testing/validate-request';
import { EVERY_USER_SETTING } from '../../../testing/user-settings-body';

const validUpdate = { name: 'Ada', email: 'ada@example.com', role_id: 3 };

describe('UpdateUserRequest', () => {
  it('accepts the required fields alone and every optional field of the spec', async () => {
    await expect(validateRequest(UpdateUserRequest, validUpdate)).resolves.toMatchObject({ fields: null });
    const full = {
      ...validUpdate,
      password: 'secret',
      ...EVERY_USER_SETTING,
      ext_phone: [1, 2],
      area_codes: ['212', 646],
    };
    const result = await validateRequest(UpdateUserRequest, full);
    expect(result.fields).toBeNull();
    expect((result.value as UpdateUserRequest).area_codes).toEqual(['212', '646']);
  });

  it.each([
    ['name missing', { ...validUpdate, name: undefined }, 'name'],
    ['name empty', { ...validUpdate, name: '' }, 'name'],
    ['name over 255', { ...validUpdate, name: 'x'.repeat(256) }, 'name'],
    ['email missing', { ...validUpdate, email: undefined }, 'email'],
    ['email invalid', { ...validUpdate, email: 'not-an-email' }, 'email'],
    ['role_id missing', { ...validUpdate, role_id: undefined }, 'role_id'],
    ['role_id a string', { ...validUpdate, role_id: '3' }, 'role_id'],
    ['role_id fractional', { ...validUpdate, role_id: 1.5 }, 'role_id'],
    ['password under 6', { ...validUpdate, password: '12345' }, 'password'],
    ['status unknown', { ...validUpdate, status: 'Banned' }, 'status'],
    ['dialer unknown', { ...validUpdate, dialer: 'Yes' }, 'dialer'],
    ['use_balance unknown', { ...validUpdate, use_balance: 'Agency' }, 'use_balance'],
    ['pay_for_seats unknown', { ...validUpdate, pay_for_seats: 'Yes' }, 'pay_for_seats'],
    ['use_company_seat unknown', { ...validUpdate, use_company_seat: 'Maybe' }, 'use_company_seat'],
    ['local_presence unknown', { ...validUpdate, local_presence: true }, 'local_presence'],
    ['ext_phone not an array', { ...validUpdate, ext_phone: 5 }, 'ext_phone'],
    ['ext_phone of strings', { ...validUpdate, ext_phone: ['a'] }, 'ext_phone'],
    ['area_codes malformed', { ...validUpdate, area_codes: ['21'] }, 'area_codes'],
    ['a field outside the DTO', { ...validUpdate, company_id: 9 }, 'company_id'],
    ['mass assignment of the hash', { ...validUpdate, password_hash: '$argon2id$x' }, 'password_hash'],
  ])('refuses %s with 400 naming the field', async (_what, body, field) => {
    const { fields } = await validateRequest(UpdateUserRequest, body);
    expect(fields).not.toBeNull();
    expect(Object.keys(fields!)).toContain(field);
  });
});

describe('CreateUserRequest', () => {
  it('requires a password of at least 6 characters', async () => {
    expect((await validateRequest(CreateUserRequest, validUpdate)).fields).toHaveProperty('password');
    expect((await validateRequest(CreateUserRequest, { ...validUpdate, password: 'abc' })).fields).toHaveProperty('password');
    expect((await validateRequest(CreateUserRequest, { ...validUpdate, password: 'abcdef' })).fields).toBeNull();
  });
});

describe('ListUsersQuery', () => {
  it('converts and bounds per_page (max 100)', async () => {
    expect((await validateRequest(ListUsersQuery, { per_page: '100', page: '2' }, 'query')).value).toMatchObject({
      per_page: 100,
      page: 2,
    });
    expect((await validateRequest(ListUsersQuery, { per_page: '101' }, 'query')).fields).toHaveProperty('per_page');
    expect((await validateRequest(ListUsersQuery, { per_page: '0' }, 'query')).fields).toHaveProperty('per_page');
    expect((await validateRequest(ListUsersQuery, { sort: 'x' }, 'query')).fields).toHaveProperty('sort');
  });
});

describe('RoleRequest and CreateTeamRequest', () => {
  it('allows only known permissions, once each', async () => {
    expect((await validateRequest(RoleRequest, { name: 'Admins', permissions: ['edit-users'] })).fields).toBeNull();
    expect((await validateRequest(RoleRequest, { name: 'Admins', permissions: ['root'] })).fields).toHaveProperty('permissions');
    expect(
      (await validateRequest(RoleRequest, { name: 'Admins', permissions: ['edit-users', 'edit-users'] })).fields,
    ).toHaveProperty('permissions');
  });

  it('validates team members', async () => {
    expect((await validateRequest(CreateTeamRequest, { name: 'T', members: [{ user_id: 1, manager: true }] })).fields).toBeNull();
    expect((await validateRequest(CreateTeamRequest, { name: 'T', members: [{ user_id: 'x' }] })).fields).toHaveProperty([
      'members.0.user_id',
    ]);
    expect((await validateRequest(CreateTeamRequest, { name: 'T', members: [{ user_id: 1, extra: 1 }] })).fields).not.toBeNull();
  });
});

describe('areaCodesFor', () => {
  it('keeps area codes only while local presence is Yes', () => {
    expect(areaCodesFor('Yes', ['212', '212', '646'], [])).toEqual(['212', '646']);
    expect(areaCodesFor('Yes', undefined, ['718'])).toEqual(['718']);
    expect(areaCodesFor('No', ['212'], ['718'])).toEqual([]);
  });
});
