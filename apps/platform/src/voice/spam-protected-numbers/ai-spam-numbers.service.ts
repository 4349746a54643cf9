import { CompanyScopedRepository } from '@suite/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, ILike, In, IsNull, type FindOptionsWhere } from 'typeorm';
import { type PageRequest } from '@suite/http';
import { AgentEntity } from '../agents/agent.entity';
import { PhoneNumberEntity } from '../phone-numbers/phone-number.entity';
import { AI_SPAM_STATUSES, type AiSpamNumberResponse, type AiSpamStatus } from './dto/ai-spam-number.response';
import { apiId } from '../../shared/api-ids';
import { containsPattern } from './spam-number-rules';
import { SpamProtectedNumberEntity } from './spam-protected-number.entity';

/**
 * The AI spam-numbers dashboard: the company's AI numbers (a live agent answers or calls from
 * them) whose latest reputation is Flagged or still In Progress, as they are now, newest row first,
 * with the number's nickname and area code and the agents using it.
 */
@Injectable()
export class AiSpamNumbersService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(
    companyId: string,
    search: string | undefined,
    page: PageRequest,
  ): Promise<{ records: AiSpamNumberResponse[]; total: number }> {
    const base: FindOptionsWhere<SpamProtectedNumberEntity> = { type: 'AI', status: In([...AI_SPAM_STATUSES]) };
    const term = search?.trim();
    const where = term
      ? [{ ...base, pnumber: ILike(containsPattern(term)) }, ...(await this.byNumberDetails(companyId, base, term))]
      : [base];
    const [rows, total] = await CompanyScopedRepository.of(this.dataSource, SpamProtectedNumberEntity, companyId).findAndCount({
      where,
      order: { id: 'DESC' },
      skip: page.offset,
      take: page.perPage,
    });
    const numberIds = rows.flatMap((row) => (row.phoneNumberId ? [row.phoneNumberId] : []));
    const [numbers, agents] = await Promise.all([this.numbers(companyId, numberIds), this.agents(companyId, numberIds)]);
    return {
      total,
      records: rows.map((row) => {
        const number = row.phoneNumberId ? numbers.get(row.phoneNumberId) : undefined;
        const using = row.phoneNumberId ? agentNames(agents, row.phoneNumberId) : { inbound: null, outbound: null };
        return {
          id: apiId(row.id),
          phone_number: row.pnumber,
          nickname: number?.nickname ?? null,
          span_status: row.status as AiSpamStatus,
          area_code: number?.areaCode ? number.areaCode : null,
          inbound_agent: using.inbound,
          outbound_agent: using.outbound,
          updated_at: row.updatedAt.toISOString(),
        };
      }),
    };
  }

  /** Rows whose purchased number's nickname, area code or number contains the term. */
  private async byNumberDetails(
    companyId: string,
    base: FindOptionsWhere<SpamProtectedNumberEntity>,
    term: string,
  ): Promise<Array<FindOptionsWhere<SpamProtectedNumberEntity>>> {
    const pattern = ILike(containsPattern(term));
    const matching = await CompanyScopedRepository.of(this.dataSource, PhoneNumberEntity, companyId).find({
      select: { id: true },
      where: [{ nickname: pattern }, { areaCode: pattern }, { phoneNumber: pattern }],
    });
    return matching.length === 0 ? [] : [{ ...base, phoneNumberId: In(matching.map((number) => number.id)) }];
  }

  private async numbers(companyId: string, ids: string[]): Promise<Map<string, PhoneNumberEntity>> {
    if (ids.length === 0) return new Map();
    const numbers = await CompanyScopedRepository.of(this.dataSource, PhoneNumberEntity, companyId).find({
      select: { id: true, nickname: true, areaCode: true },
      where: { id: In(ids) },
    });
    return new Map(numbers.map((number) => [number.id, number]));
  }

  private async agents(companyId: string, numberIds: string[]): Promise<AgentEntity[]> {
    if (numberIds.length === 0) return [];
    return CompanyScopedRepository.of(this.dataSource, AgentEntity, companyId).find({
      select: { id: true, name: true, inboundNumberId: true, outboundNumberId: true },
      where: [
        { deletedAt: IsNull(), inboundNumberId: In(numberIds) },
        { deletedAt: IsNull(), outboundNumberId: In(numberIds) },
      ],
      order: { name: 'ASC', id: 'ASC' },
    });
  }
}

/** The live agents answering and calling from a number, by name; several outbound agents are joined with ", ". */
export function agentNames(
  agents: ReadonlyArray<Pick<AgentEntity, 'name' | 'inboundNumberId' | 'outboundNumberId'>>,
  phoneNumberId: string,
): { inbound: string | null; outbound: string | null } {
  const inbound = agents.filter((agent) => agent.inboundNumberId === phoneNumberId).map((agent) => agent.name);
  const outbound = agents.filter((agent) => agent.outboundNumberId === phoneNumberId).map((agent) => agent.name);
  return { inbound: inbound.length > 0 ? inbound.join(', ') : null, outbound: outbound.length > 0 ? outbound.join(', ') : null };
}
