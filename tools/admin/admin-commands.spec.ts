import { parseAdminArgs, UsageError } from './admin-commands';

describe('admin CLI arguments', () => {
  it('parses each command', () => {
    expect(parseAdminArgs(['bootstrap', '--json'])).toEqual({ command: 'bootstrap', json: true });
    expect(parseAdminArgs(['create-agency', '--name=Acme Agency'])).toEqual({
      command: 'create-agency',
      json: false,
      name: 'Acme Agency',
    });
    expect(parseAdminArgs(['create-company', '--name', 'Child', '--parent', '7'])).toEqual({
      command: 'create-company',
      json: false,
      name: 'Child',
      parent: '7',
    });
    expect(parseAdminArgs(['create-user', '--company', '3', '--email', 'a@b.co', '--name', 'A', '--admin', '--json'])).toEqual({
      command: 'create-user',
      json: true,
      company: '3',
      email: 'a@b.co',
      name: 'A',
      admin: true,
    });
    expect(parseAdminArgs(['add-sender-number', '--company', '3', '--number', '+14155550100'])).toEqual({
      command: 'add-sender-number',
      json: false,
      company: '3',
      number: '+14155550100',
    });
    expect(parseAdminArgs(['list-sender-numbers', '--company=3', '--json'])).toEqual({
      command: 'list-sender-numbers',
      json: true,
      company: '3',
    });
    expect(parseAdminArgs(['seed-demo'])).toEqual({ command: 'seed-demo', json: false, company: undefined });
    expect(parseAdminArgs(['seed-demo', '--company', '12', '--json'])).toEqual({
      command: 'seed-demo',
      json: true,
      company: '12',
    });
    expect(parseAdminArgs([])).toEqual({ command: 'help' });
  });

  it.each([
    [['launch']],
    [['bootstrap', '--jsn']],
    [['bootstrap', 'extra']],
    [['create-agency']],
    [['create-agency', '--name']],
    [['create-company', '--name', 'X', '--parent', 'abc']],
    [['create-user', '--company', '1', '--email', 'a@b.co', '--name', 'A']],
    [['create-user', '--company', '1', '--email', 'a@b.co', '--name', 'A', '--admin', '--role', '2']],
    [['create-agency', '--name', 'A', '--name', 'B']],
    [['add-sender-number', '--company', '3']],
    [['add-sender-number', '--number', '+14155550100']],
    [['add-sender-number', '--company', 'x', '--number', '+14155550100']],
    [['list-sender-numbers']],
    [['seed-demo', '--company']],
    [['seed-demo', '--company', '0']],
    [['seed-demo', '--company', '1e308']],
    [['seed-demo', '--force']],
  ])('refuses %j with a usage error', (argv) => {
    expect(() => parseAdminArgs(argv)).toThrow(UsageError);
  });
});
