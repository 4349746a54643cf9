import { Injectable } from '@nestjs/common';
import { AppError } from '@suite/http';
import type { Principal } from '../principal';
import { AuthzReplicaReader } from '../replicas/authz-replica.reader';

const NOT_FOUND = 'Company not found.';

/**
 * Which company a request acts on. Without `company_id` it is the principal's own; an agency may
 * name one of its child companies (`parent_company_id` = the agency, from the company replica).
 * Anything else — unknown, a sibling, the parent, a stranger — is a 404, never a 403, so a
 * caller cannot learn which company ids exist.
 */
@Injectable()
export class CompanyScope {
  constructor(private readonly reader: AuthzReplicaReader) {}

  async resolve(principal: Principal, requestedCompanyId?: string | number | null): Promise<string> {
    if (requestedCompanyId === undefined || requestedCompanyId === null || requestedCompanyId === '') return principal.companyId;
    const requested = String(requestedCompanyId).trim();
    if (!/^[0-9]+$/.test(requested)) throw new AppError('not_found', NOT_FOUND);
    const id = requested.replace(/^0+(?=\d)/, '');
    if (id === principal.companyId) return id;
    const company = await this.reader.findCompany(id);
    if (company?.parentCompanyId === principal.companyId) return company.id;
    throw new AppError('not_found', NOT_FOUND);
  }

  /**
   * For a row loaded by id: passes when it belongs to the principal's company or one of its
   * child companies, otherwise the row is reported as not found (404) — `what` names it.
   */
  async assertOwned(principal: Principal, rowCompanyId: string | number | null | undefined, what = 'Resource'): Promise<void> {
    if (rowCompanyId === undefined || rowCompanyId === null || rowCompanyId === '')
      throw new AppError('not_found', `${what} not found.`);
    try {
      await this.resolve(principal, rowCompanyId);
    } catch (error) {
      if (error instanceof AppError && error.kind === 'not_found') throw new AppError('not_found', `${what} not found.`);
      throw error;
    }
  }
}
