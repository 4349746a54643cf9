import { payloadSchema } from './payload-schema';

/** Payloads on `platform.company.v1`. Subject: the company id. */
export interface CompanyCreatedData {
  id: string;
  name: string;
  /** The agency that owns this company, or null for a direct customer. */
  parent_company_id: string | null;
}

export interface CompanyRenamedData {
  id: string;
  name: string;
  previous_name: string;
}

const companyId = { type: 'string', pattern: '^[0-9]+$', description: 'numeric company id' } as const;

export const companyCreatedSchema = payloadSchema<CompanyCreatedData>({
  properties: {
    id: companyId,
    name: { type: 'string', maxLength: 255 },
    parent_company_id: { type: ['string', 'null'], pattern: '^[0-9]+$', description: 'the owning agency, if any' },
  },
  required: ['id', 'name', 'parent_company_id'],
});

export const companyRenamedSchema = payloadSchema<CompanyRenamedData>({
  properties: {
    id: companyId,
    name: { type: 'string', maxLength: 255 },
    previous_name: { type: 'string', maxLength: 255 },
  },
  required: ['id', 'name', 'previous_name'],
});
