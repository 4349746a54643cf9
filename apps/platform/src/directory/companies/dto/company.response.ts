import { ApiProperty } from '@nestjs/swagger';
import type { CompanyEntity } from '../company.entity';

/** A company as the operator routes show it; ids as the numeric strings the admin CLI passes back. */
export class CompanyResponse {
  @ApiProperty({ example: '12' }) id!: string;
  @ApiProperty({ example: 'Acme Roofing' }) name!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    example: '1',
    description: 'The agency that owns it; null for a top-level company',
  })
  parent_company_id!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

export const mapCompany = (company: CompanyEntity): CompanyResponse => ({
  id: company.id,
  name: company.name,
  parent_company_id: company.parentCompanyId,
  created_at: company.createdAt.toISOString(),
});
