import { CompanyScopedRepository, type ScopedWhere } from '@suite/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { CallDirection, CallStatus } from '@suite/contracts';
import { AppError, type PageRequest } from '@suite/http';
import { CallEntity } from './call.entity';

export const CALL_NOT_FOUND = 'Call not found.';

/** A provider's call id as it may appear in a path (anything else names no call). */
const CALL_ID = /^[A-Za-z0-9_.:-]{1,64}$/;

export interface CallFilters {
  agentId?: string;
  contactId?: string;
  campaignId?: string;
  direction?: CallDirection;
  status?: CallStatus;
}

/** Reading the company's calls (the records the provider's callbacks write: CallLifecycle). */
@Injectable()
export class CallsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Newest first (started_at, then id), as the (company, started_at, id) index reads them. */
  async list(companyId: string, filters: CallFilters, page: PageRequest): Promise<{ calls: CallEntity[]; total: number }> {
    const where: ScopedWhere<CallEntity> = {
      ...(filters.agentId ? { agentId: filters.agentId } : {}),
      ...(filters.contactId ? { contactId: filters.contactId } : {}),
      ...(filters.campaignId ? { campaignId: filters.campaignId } : {}),
      ...(filters.direction ? { direction: filters.direction } : {}),
      ...(filters.status ? { status: filters.status } : {}),
    };
    const [calls, total] = await this.calls(companyId).findAndCount({
      where,
      order: { startedAt: 'DESC', id: 'DESC' },
      skip: page.offset,
      take: page.perPage,
    });
    return { calls, total };
  }

  /** By the provider's call id (the API's `call_id`); 404 outside the company. */
  async get(companyId: string, callId: string): Promise<CallEntity> {
    const call = CALL_ID.test(callId) ? await this.calls(companyId).findOne({ where: { callId } }) : null;
    if (!call) throw new AppError('not_found', CALL_NOT_FOUND);
    return call;
  }

  private calls(companyId: string): CompanyScopedRepository<CallEntity> {
    return CompanyScopedRepository.of(this.dataSource, CallEntity, companyId);
  }
}
