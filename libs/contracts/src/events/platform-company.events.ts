import { defineEvent } from './define-event';
import { nullable, payload, Type, type Static } from './payload-schema';
import { Topics } from './topics';

/** Payloads on `platform.company.v1`. Subject: the company id. */
const companyId = Type.String({ pattern: '^[0-9]+$', description: 'numeric company id' });

export const companyCreatedSchema = payload({
  id: companyId,
  name: Type.String({ maxLength: 255 }),
  /** The agency that owns this company, or null for a direct customer. */
  parent_company_id: nullable(Type.String({ pattern: '^[0-9]+$', description: 'the owning agency, if any' })),
});
export type CompanyCreatedData = Static<typeof companyCreatedSchema>;

export const companyRenamedSchema = payload({
  id: companyId,
  name: Type.String({ maxLength: 255 }),
  previous_name: Type.String({ maxLength: 255 }),
});
export type CompanyRenamedData = Static<typeof companyRenamedSchema>;

export const PLATFORM_COMPANY_EVENTS = [
  defineEvent(
    'company.created',
    Topics.platformCompany,
    companyCreatedSchema,
    'A company (or an agency child company) was created.',
  ),
  defineEvent('company.renamed', Topics.platformCompany, companyRenamedSchema, 'A company changed its name.'),
] as const;
