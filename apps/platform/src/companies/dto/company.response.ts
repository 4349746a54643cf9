import type { CompanyEntity } from '../company.entity';

export interface CompanyResponse {
  id: string;
  name: string;
  parent_company_id: string | null;
  created_at: string;
}

export const mapCompany = (company: CompanyEntity): CompanyResponse => ({
  id: company.id,
  name: company.name,
  parent_company_id: company.parentCompanyId,
  created_at: company.createdAt.toISOString(),
});
