import { CompanyScopedRepository } from '@suite/database';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, ILike, IsNull, type FindOptionsWhere } from 'typeorm';
import { newEvent, Outbox } from '@suite/eventing';
import { AppError, type PageRequest } from '@suite/http';
import { CLOCK, type Clock } from '@suite/time';
import { VOICE_PROVIDER, type VoiceProvider } from '../provider/voice-provider.port';
import { NUMBER_ASSIGNMENTS, type NumberAssignments } from './number-assignments';
import { phoneNumberSnapshot } from './phone-number-events';
import { PhoneNumberEntity } from './phone-number.entity';
import { asApiError } from './voice-failures';

export const PHONE_NUMBER_NOT_FOUND = 'Phone number not found.';
export const ASSIGNED_TO_AGENT = 'This number is assigned to an agent. Unassign it first.';

/**
 * The company's numbers: list, read, name, release. Only live numbers (not released) are
 * answered; a released one keeps its row for the calls and messages that name it.
 */
@Injectable()
export class PhoneNumbersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(VOICE_PROVIDER) private readonly provider: VoiceProvider,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly outbox: Outbox,
    @Inject(NUMBER_ASSIGNMENTS) private readonly assignments: NumberAssignments,
  ) {}

  /** Newest first; `search` matches part of the number or of its nickname. */
  async list(
    companyId: string,
    search: string | undefined,
    page: PageRequest,
  ): Promise<{ numbers: PhoneNumberEntity[]; total: number }> {
    const live = { releasedAt: IsNull() };
    const term = search?.trim();
    const pattern = term ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
    const where: Array<FindOptionsWhere<PhoneNumberEntity>> = pattern
      ? [
          { ...live, phoneNumber: ILike(pattern) },
          { ...live, nickname: ILike(pattern) },
        ]
      : [live];
    const [numbers, total] = await this.numbers(this.dataSource, companyId).findAndCount({
      where,
      order: { id: 'DESC' },
      skip: page.offset,
      take: page.perPage,
    });
    return { numbers, total };
  }

  async get(companyId: string, id: string): Promise<PhoneNumberEntity> {
    const number = await this.numbers(this.dataSource, companyId).findOne({ where: { id, releasedAt: IsNull() } });
    if (!number) throw new AppError('not_found', PHONE_NUMBER_NOT_FOUND);
    return number;
  }

  /** Sets (or, with null, clears) the company's name for the number; undefined changes nothing. */
  async rename(companyId: string, id: string, nickname: string | null | undefined): Promise<PhoneNumberEntity> {
    if (nickname === undefined) return this.get(companyId, id);
    const updated = await this.numbers(this.dataSource, companyId).update({ id, releasedAt: IsNull() }, { nickname });
    if (updated === 0) throw new AppError('not_found', PHONE_NUMBER_NOT_FOUND);
    return this.get(companyId, id);
  }

  /**
   * Gives the number back to the provider. Refused (409) while a live agent answers or calls
   * from it. The row is locked first, so an assignment (which locks it too) cannot slip in
   * between the check and the release. The provider is asked inside the transaction: if the
   * commit then fails, the number is still ours here and a retry asks the provider again, which
   * answers a release it already made (releasing twice resolves).
   */
  release(companyId: string, id: string, changedBy: string | null): Promise<PhoneNumberEntity> {
    return this.dataSource.transaction(async (manager) => {
      const numbers = this.numbers(manager, companyId);
      const number = await numbers.findOne({ where: { id, releasedAt: IsNull() }, lock: { mode: 'pessimistic_write' } });
      if (!number) throw new AppError('not_found', PHONE_NUMBER_NOT_FOUND);
      if (await this.assignments.isAssigned(manager, companyId, id)) throw new AppError('conflict', ASSIGNED_TO_AGENT);
      await this.provider.releaseNumber(number.providerNumberId, number.phoneNumber).catch((error: unknown) => {
        throw asApiError(error);
      });
      const released = await numbers.save({ ...number, releasedAt: this.clock.now() });
      await this.outbox.append(
        manager,
        newEvent('phone_number.released', { companyId, subject: released.id, data: phoneNumberSnapshot(released, changedBy) }),
      );
      return released;
    });
  }

  private numbers(source: DataSource | DataSource['manager'], companyId: string): CompanyScopedRepository<PhoneNumberEntity> {
    return CompanyScopedRepository.of(source, PhoneNumberEntity, companyId);
  }
}
