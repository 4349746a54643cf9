import { unscopedRepository } from '@suite/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { newEvent, Outbox } from '@suite/eventing';
import { AppError } from '@suite/http';
import { CompanyEntity, type WeekStart } from './company.entity';

/** What PUT /api/company/settings changes; absent fields are kept. */
export interface CompanySettingsInput {
  timezone?: string;
  weekStart?: WeekStart;
  defaultAppointmentMinutes?: number;
}

/** Companies and agencies. Every change commits together with its event (transactional outbox). */
@Injectable()
export class CompaniesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {}

  create(input: { name: string; parentCompanyId?: string }): Promise<CompanyEntity> {
    return this.dataSource.transaction(async (manager) => {
      const companies = unscopedRepository(manager, CompanyEntity);
      if (input.parentCompanyId) {
        const parent = await companies.findOneBy({ id: input.parentCompanyId });
        if (!parent) throw new AppError('not_found', 'Parent company not found.', { parent_company_id: ['unknown company'] });
        if (parent.parentCompanyId) {
          throw new AppError('invalid', 'A child company cannot own companies.', {
            parent_company_id: ['must be an agency, not a child company'],
          });
        }
      }
      const company = await companies.save(
        companies.create({ name: input.name, parentCompanyId: input.parentCompanyId ?? null }),
      );
      await this.outbox.append(
        manager,
        newEvent('company.created', {
          companyId: company.id,
          subject: company.id,
          data: { id: company.id, name: company.name, parent_company_id: company.parentCompanyId },
        }),
      );
      return company;
    });
  }

  rename(id: string, name: string): Promise<CompanyEntity> {
    return this.dataSource.transaction(async (manager) => {
      const companies = unscopedRepository(manager, CompanyEntity);
      // Row lock: two renames of one company commit (and publish) in a definite order.
      const company = await companies.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!company) throw new AppError('not_found', 'Company not found.');
      const previousName = company.name;
      company.name = name;
      await companies.save(company);
      await this.outbox.append(
        manager,
        newEvent('company.renamed', {
          companyId: company.id,
          subject: company.id,
          data: { id: company.id, name, previous_name: previousName },
        }),
      );
      return company;
    });
  }

  async get(id: string): Promise<CompanyEntity> {
    const company = await unscopedRepository(this.dataSource, CompanyEntity).findOneBy({ id });
    if (!company) throw new AppError('not_found', 'Company not found.');
    return company;
  }

  /** Sets the company's time zone and first day of the week (the fields given; the rest are kept). */
  updateSettings(id: string, input: CompanySettingsInput): Promise<CompanyEntity> {
    return this.dataSource.transaction(async (manager) => {
      const companies = unscopedRepository(manager, CompanyEntity);
      const company = await companies.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!company) throw new AppError('not_found', 'Company not found.');
      if (input.timezone !== undefined) company.timezone = input.timezone;
      if (input.weekStart !== undefined) company.weekStart = input.weekStart;
      if (input.defaultAppointmentMinutes !== undefined) company.defaultAppointmentMinutes = input.defaultAppointmentMinutes;
      return companies.save(company);
    });
  }
}
