// A consumer of the platform API, written against the client generated from its /docs-json
// (openapi-clients.spec.ts generates `./platform.openapi` beside a copy of this file and
// type-checks both). If the document loses a request field, a 2xx body, the success envelope or
// the error shape, this stops compiling.
import createClient from 'openapi-fetch';
import type { paths } from './platform.openapi';

const expectType = <T>(value: T): T => value;

export async function staffATeam(bearer: string): Promise<string> {
  const client = createClient<paths>({ baseUrl: 'http://127.0.0.1:3003', headers: { authorization: `Bearer ${bearer}` } });

  const role = await client.POST('/api/roles', { body: { name: 'Closer', permissions: ['view-teams', 'view-users'] } });
  if (role.error) return expectType<string>(role.error.message);
  expectType<true>(role.data.success);
  expectType<number>(role.data.data.id);

  // @ts-expect-error not a permission
  await client.POST('/api/roles', { body: { name: 'Closer', permissions: ['fly'] } });

  const user = await client.POST('/api/users', {
    params: { query: { company_id: '12' } },
    body: { name: 'Dana', email: 'dana@example.com', password: 'secret-enough', role_id: role.data.data.id, status: 'Active' },
  });
  if (user.error) return Object.keys(expectType<Record<string, string[]>>(user.error.errors)).join(', ');
  expectType<string | null>(user.data.data.phone_number);

  const team = await client.POST('/api/teams', {
    body: { name: 'Closers', members: [{ user_id: user.data.data.id, manager: true }] },
  });
  const members = await client.GET('/api/teams/{id}/members', { params: { path: { id: String(team.data?.data.id) } } });
  expectType<'Yes' | 'No' | undefined>(members.data?.data.assigned_members[0]?.manager);

  const users = await client.GET('/api/users', { params: { query: { page: 2, per_page: 50 } } });
  expectType<number | undefined>(users.data?.meta.last_page);

  const loginAs = await client.POST('/api/users/{id}/login-as', { params: { path: { id: String(user.data.data.id) } } });
  if (loginAs.error) expectType<false>(loginAs.error.success);

  const removed = await client.DELETE('/api/roles/{id}', { params: { path: { id: String(role.data.data.id) } } });
  return removed.data?.message ?? loginAs.data?.data.token ?? '';
}
