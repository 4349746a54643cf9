import { PERMISSIONS, type Permission } from '@suite/contracts';
import type { PlatformTestApp, TestUser } from './platform-test-app';

/** The three companies of the fixture: the agency A, its child C, the stranger B. */
export type CompanyKey = 'A' | 'B' | 'C';

export interface TenancyFixture {
  company: Record<CompanyKey, string>;
  /** Per company, a user whose role grants every permission. */
  admin: Record<CompanyKey, TestUser>;
  /** A user of A whose role grants only `unrelated`. */
  limited: TestUser;
  /** A personal access token of A's admin, scoped to `unrelated` only. */
  narrowPat: string;
  /** A permission none of the routes under test requires. */
  unrelated: Permission;
}

/**
 * The companies and callers every tenancy test needs, made once per spec file: an agency with a
 * child and a stranger, an admin in each, a user of the agency without the rights under test and
 * a personal access token narrower than them — all on the replicas before it returns.
 */
export async function createTenancyFixture(
  platform: PlatformTestApp,
  { unrelated = 'view-spam-protected-numbers' }: { unrelated?: Permission } = {},
): Promise<TenancyFixture> {
  const { agency, child } = await platform.agencyWithChild();
  const company: Record<CompanyKey, string> = { A: agency, B: await platform.company('Stranger'), C: child };
  const admin = {} as Record<CompanyKey, TestUser>;
  for (const key of ['A', 'B', 'C'] as const) admin[key] = await platform.user(company[key], { permissions: PERMISSIONS });
  const limited = await platform.user(company.A, { permissions: [unrelated] });
  const narrowPat = await platform.personalAccessToken(admin.A, [unrelated]);
  await platform.replicated();
  return { company, admin, limited, narrowPat, unrelated };
}
