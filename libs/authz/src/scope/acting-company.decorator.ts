import { createParamDecorator, Injectable, type ExecutionContext, type PipeTransform } from '@nestjs/common';
import { AppError } from '@suite/http';
import type { AuthenticatedRequest } from '../http/authenticated-request';
import type { Principal } from '../principal';
import { CompanyScope } from './company-scope.service';
import { COMPANY_ID_MESSAGE, COMPANY_ID_PATTERN } from './company.query';

export interface ActingCompanyOptions {
  /**
   * Whether the route accepts `?company_id=`: an agency acting on one of its child companies
   * ("where the endpoint accepts it", as the spec says). Default false: the signed-in company
   * only, and a `company_id` is refused (400) rather than silently ignored.
   */
  acceptsCompanyId?: boolean;
}

/** What the decorator takes from the request; ActingCompanyPipe turns it into a company id. */
interface ActingCompanyInput {
  principal: Principal;
  requested: unknown;
  acceptsCompanyId: boolean;
}

const actingCompanyInput = createParamDecorator(
  (options: ActingCompanyOptions | undefined, context: ExecutionContext): ActingCompanyInput => {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    // A route without an authentication guard is a programming error; fail closed.
    if (!request.user) throw new AppError('unauthenticated', 'Missing credentials.');
    const query = request.query as Record<string, unknown> | undefined;
    return { principal: request.user, requested: query?.company_id, acceptsCompanyId: options?.acceptsCompanyId ?? false };
  },
);

/** The refusal the validation pipe gives for the same field, so the two read alike. */
const invalidCompanyId = (problem: string) => new AppError('invalid', problem, { company_id: [problem] });

/**
 * Resolves the acting company through CompanyScope: the signed-in company without `company_id`;
 * with it, that company when it is the caller's own or one of its agency children, else 404.
 */
@Injectable()
export class ActingCompanyPipe implements PipeTransform<ActingCompanyInput, Promise<string>> {
  constructor(private readonly scope: CompanyScope) {}

  async transform({ principal, requested, acceptsCompanyId }: ActingCompanyInput): Promise<string> {
    if (requested === undefined) return principal.companyId;
    if (!acceptsCompanyId) throw invalidCompanyId('property company_id should not exist');
    if (typeof requested !== 'string' || !COMPANY_ID_PATTERN.test(requested)) throw invalidCompanyId(COMPANY_ID_MESSAGE);
    // Nest resolves a handler's parameters concurrently. The request's own validation (its DTOs,
    // its path ids) is in-memory work that settles before the next turn of the event loop;
    // waiting for it keeps the order handlers had when they resolved the company in their body:
    // a malformed request is a 400 whatever company it names, never that 404. Today the lookup
    // is a database round trip and would lose the race anyway; the wait makes it a rule.
    await new Promise<void>((resolve) => setImmediate(resolve));
    return this.scope.resolve(principal, requested);
  }
}

/**
 * The company a request acts on, as a parameter: `@ActingCompany() companyId: string` (the
 * signed-in company) or `@ActingCompany({ acceptsCompanyId: true })` (also an agency's child
 * named in `?company_id=`; any other company is 404, never 403). Use behind
 * `@RequirePermission()`/`@Authenticated()`, and declare `company_id` in the route's query DTO
 * (CompanyQuery, or a DTO extending it), which documents it and refuses unknown parameters.
 * Replaces `scope.resolve(principal, query.company_id)` at the top of every handler.
 */
export const ActingCompany = (options: ActingCompanyOptions = {}): ParameterDecorator =>
  actingCompanyInput(options, ActingCompanyPipe);
