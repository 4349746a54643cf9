import type { Permission } from '@suite/contracts';
import type { PlatformTestApp } from './platform-test-app';
import type { CompanyKey, TenancyFixture } from './tenancy-fixture';

/** What one call of a case sends: the resource's numeric id for `{id}` in the path, and a body. */
export interface EndpointTarget {
  id?: string;
  body?: Record<string, unknown>;
  /** Values of the path's other placeholders (`{contact_id}` → `params.contact_id`). */
  params?: Record<string, string>;
}

/** One route of a feature, described once; `endpointRules` turns it into the standard tests. */
export interface EndpointCase {
  method: 'get' | 'post' | 'put' | 'delete';
  /** `{id}` stands for the resource's id. */
  path: string;
  permission: Permission;
  /** A fresh target in `company` (each test makes its own, so destructive cases never share one). */
  target: (company: CompanyKey) => Promise<EndpointTarget>;
  /** The fixed answer in the caller's own company. */
  status: number;
  expected: Record<string, unknown>;
  /** Whether the route takes `?company_id=` (an agency's child). Default true. */
  acceptsCompanyId?: boolean;
}

export interface SendOptions {
  /** Replaces `{id}` instead of the target's id (another spelling of it, garbage). */
  id?: string;
  /** Sent as `?company_id=`. */
  companyId?: string;
  /** Sent instead of the target's body. */
  body?: Record<string, unknown>;
}

/** Sends a case's target with `token` as bearer. */
export function sendCase(
  platform: PlatformTestApp,
  endpoint: EndpointCase,
  target: EndpointTarget,
  token: string,
  options: SendOptions = {},
) {
  const path = Object.entries(target.params ?? {}).reduce(
    (filled, [name, value]) => filled.replace(`{${name}}`, encodeURIComponent(value)),
    endpoint.path.replace('{id}', encodeURIComponent(options.id ?? target.id ?? '')),
  );
  // A path may carry a query of its own (`/export?format=csv`): company_id joins it.
  const companyQuery = options.companyId ? `${path.includes('?') ? '&' : '?'}company_id=${options.companyId}` : '';
  const call = platform.request(endpoint.method, path + companyQuery, token);
  const body = options.body ?? target.body;
  return body ? call.send(body) : call;
}

const base64Id = (id: string) => Buffer.from(id).toString('base64');

/**
 * The rules every company-scoped route of the platform keeps, as tests: its answer in the own
 * company; 404 for another company's rows (by id, or through company_id); 403 without the
 * permission (by role, by a token's scope, by a personal access token's); 401 without a valid
 * token; an agency reaching its child only through company_id (or company_id refused where the
 * route does not take it); path ids in every spelling and garbage as 404; unknown body fields 400.
 * Call it inside `describe` once per route, e.g. `describe.each(CASES)('$method $path', (c) => endpointRules(...))`.
 */
export function endpointRules(platform: () => PlatformTestApp, fixture: () => TenancyFixture, endpoint: EndpointCase): void {
  const addressedById = endpoint.path.includes('{id}');
  const acceptsCompanyId = endpoint.acceptsCompanyId ?? true;
  const send = (target: EndpointTarget, token: string, options?: SendOptions) =>
    sendCase(platform(), endpoint, target, token, options);
  const admin = (key: CompanyKey = 'A', scope?: string) => fixture().admin[key].token(scope);

  it('succeeds in the caller’s own company with the fixed answer', async () => {
    const response = await send(await endpoint.target('A'), await admin());
    expect({ status: response.status, body: response.body }).toMatchObject({ status: endpoint.status, body: endpoint.expected });
  });

  if (addressedById || acceptsCompanyId) {
    it('answers 404 for another company (its id, or company_id)', async () => {
      const target = await endpoint.target('B');
      const response = addressedById
        ? await send(target, await admin())
        : await send(target, await admin(), { companyId: fixture().company.B });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ success: false, message: expect.any(String), errors: expect.any(Object) });
    });
  }

  it('answers 403 to a user whose role lacks the permission', async () => {
    const response = await send(await endpoint.target('A'), await fixture().limited.token());
    expect(response.status).toBe(403);
    expect(response.body.message).toContain(endpoint.permission);
  });

  it('answers 403 to an access token or PAT whose scope is narrower than the permission', async () => {
    const target = await endpoint.target('A');
    expect((await send(target, await admin('A', `${fixture().unrelated} openid`))).status).toBe(403);
    expect((await send(target, fixture().narrowPat)).status).toBe(403);
  });

  it('answers 401 without a valid token', async () => {
    expect((await send(await endpoint.target('A'), 'not-a-token')).status).toBe(401);
  });

  if (acceptsCompanyId) {
    it('lets the agency act on its child company with company_id, not on a stranger', async () => {
      const allowed = await send(await endpoint.target('C'), await admin(), { companyId: fixture().company.C });
      expect({ status: allowed.status, body: allowed.body }).toMatchObject({ status: endpoint.status, body: endpoint.expected });
      const stranger = await endpoint.target('B');
      expect((await send(stranger, await admin(), { companyId: fixture().company.B })).status).toBe(404);
    });
  } else {
    it('acts for the signed-in company only: company_id is refused', async () => {
      const response = await send(await endpoint.target('A'), await admin(), { companyId: fixture().company.C });
      expect(response.status).toBe(400);
      expect(response.body.errors).toHaveProperty('company_id');
    });
  }

  if (addressedById) {
    it('resolves base64 and encrypted ids like numeric ones; undecodable ids are 404', async () => {
      const { codec } = platform();
      for (const spell of [base64Id, (id: string) => codec.encrypt(id)]) {
        const target = await endpoint.target('A');
        const response = await send(target, await admin(), { id: spell(target.id!) });
        expect({ status: response.status, body: response.body }).toMatchObject({
          status: endpoint.status,
          body: endpoint.expected,
        });
      }
      const target = await endpoint.target('A');
      for (const garbage of ['nope', 'enc_AAAA', '0', codec.encrypt(target.id!).slice(0, -3) + 'AAA']) {
        expect((await send(target, await admin(), { id: garbage })).status).toBe(404);
      }
    });

    it('does not reach a child company’s row without company_id', async () => {
      expect((await send(await endpoint.target('C'), await admin())).status).toBe(404);
    });
  }

  if (endpoint.method === 'post' || endpoint.method === 'put') {
    it('refuses fields outside the DTO with 400 in the platform body', async () => {
      const target = await endpoint.target('A');
      const response = await send(target, await admin(), {
        body: { ...target.body, company_id: fixture().company.B, is_admin: true },
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        success: false,
        message: expect.any(String),
        errors: expect.objectContaining({ is_admin: expect.any(Array) }),
      });
    });
  }
}
