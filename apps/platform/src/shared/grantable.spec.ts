import { PERMISSIONS, type Permission } from '@suite/contracts';
import { AppError } from '@suite/http';
import { assertGrantable, assertMayActOnUser, assertMayEditRole, type ActionOnUser } from './grantable';

const refusal = (run: () => void): AppError | null => {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
};

describe('assertGrantable', () => {
  it('lets a caller hand out what it holds, and names what it does not', () => {
    expect(refusal(() => assertGrantable(['view-users'], ['view-users', 'edit-users']))).toBeNull();
    expect(refusal(() => assertGrantable(['view-users', 'delete-users', 'delete-role'], ['view-users']))).toMatchObject({
      kind: 'forbidden',
      message: 'You cannot grant permissions you do not hold: delete-users, delete-role.',
    });
  });
});

describe('assertMayActOnUser (nobody acts on a user who outranks them)', () => {
  const editor: Permission[] = ['edit-users'];
  const cases: Array<{ name: string; target: Permission[]; caller: Permission[] | undefined; refused: string | null }> = [
    {
      name: 'an admin target, an edit-users caller',
      target: [...PERMISSIONS],
      caller: editor,
      refused: PERMISSIONS.filter((p) => p !== 'edit-users').join(', '),
    },
    { name: 'an equal target', target: ['edit-users'], caller: editor, refused: null },
    { name: 'a lesser target', target: [], caller: editor, refused: null },
    {
      name: 'incomparable sets',
      target: ['edit-users', 'delete-users'],
      caller: ['edit-users', 'view-users'],
      refused: 'delete-users',
    },
    { name: 'the system actor (seeding, the admin CLI)', target: [...PERMISSIONS], caller: undefined, refused: null },
  ];

  it.each(cases)('$name', ({ target, caller, refused }) => {
    const error = refusal(() => assertMayActOnUser('edit', target, caller));
    if (refused === null) expect(error).toBeNull();
    else
      expect(error).toMatchObject({
        kind: 'forbidden',
        message: `You cannot edit a user who holds permissions you do not: ${refused}.`,
      });
  });

  it.each<ActionOnUser>(['edit', 'delete', 'log in as'])('names the action: %s', (action) => {
    expect(refusal(() => assertMayActOnUser(action, ['delete-users'], editor))?.message).toBe(
      `You cannot ${action} a user who holds permissions you do not: delete-users.`,
    );
  });
});

describe('assertMayEditRole', () => {
  it('lets a caller edit a role it holds every permission of, not a stronger one', () => {
    expect(refusal(() => assertMayEditRole(['view-users'], ['view-users', 'edit-roles']))).toBeNull();
    expect(refusal(() => assertMayEditRole(['view-users', 'delete-users'], ['view-users', 'edit-roles']))).toMatchObject({
      kind: 'forbidden',
      message: 'You cannot edit a role that grants permissions you do not hold: delete-users.',
    });
    expect(refusal(() => assertMayEditRole([...PERMISSIONS], undefined))).toBeNull();
  });
});
