import { CompanyScopedRepository } from '@suite/database';
import type { DataSource, SelectQueryBuilder, ObjectLiteral } from 'typeorm';
import { AgentEntity, CallEntity } from '../../voice';
import { ContactEntity } from '../../crm';
import { TIME_ZONE_PARAMETER } from './call-history-columns';
import { csvLine } from './csv-sql';
import type { ExportRequest } from './export-request';

/** The instants a window spans, [start, end); either end open. */
export interface ExportInstants {
  start?: Date;
  end?: Date;
}

/** `%`, `_` and the escape character itself, escaped for `LIKE … ESCAPE '\'`. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** A scoped SELECT as a parenthesised subquery for a join: `[sql, parameters]`. */
function subquery(rows: SelectQueryBuilder<ObjectLiteral>): [string, ObjectLiteral] {
  return [`(${rows.getQuery()})`, rows.getParameters()];
}

/**
 * The export's SELECT: the company's AI calls (those with an agent) matching the filters, newest
 * first (started_at, then id: the calls_company_started_idx order), at most `limit`, each as one
 * `line`: the asked columns' CSV fields, joined (times on the wall clock of `timeZone`). The agent
 * and the contact are joined through their own company-scoped rows, so a call pointing at another
 * company's agent or contact would show neither.
 */
export function callHistorySelect(
  dataSource: DataSource,
  companyId: string,
  request: ExportRequest,
  window: ExportInstants,
  timeZone: string,
): SelectQueryBuilder<ObjectLiteral> {
  const rows = CompanyScopedRepository.of(dataSource, CallEntity, companyId)
    .rowsOf('c')
    .select(csvLine(request.columns.map((column) => column.csv)), 'line')
    .setParameter(TIME_ZONE_PARAMETER, timeZone);

  if (request.columns.some((column) => column.join === 'agent')) {
    const [sql, parameters] = subquery(
      CompanyScopedRepository.of(dataSource, AgentEntity, companyId).rowsOf('a').select('a.id', 'id').addSelect('a.name', 'name'),
    );
    rows.leftJoin(sql, 'ag', 'ag.id = c.agent_id', parameters);
  }
  if (request.columns.some((column) => column.join === 'contact')) {
    const [sql, parameters] = subquery(
      CompanyScopedRepository.of(dataSource, ContactEntity, companyId)
        .rowsOf('k')
        .select('k.id', 'id')
        .addSelect('k.first_name', 'first_name')
        .addSelect('k.last_name', 'last_name'),
    );
    rows.leftJoin(sql, 'ct', 'ct.id = c.contact_id', parameters);
  }

  rows.where('c.agent_id IS NOT NULL');
  if (window.start) rows.andWhere('c.started_at >= :start', { start: window.start });
  if (window.end) rows.andWhere('c.started_at < :end', { end: window.end });
  if (request.agentId !== undefined) rows.andWhere('c.agent_id = :agentId', { agentId: request.agentId });
  if (request.direction) rows.andWhere('c.direction = :direction', { direction: request.direction });
  if (request.sentiment === 'Unknown') rows.andWhere("(c.sentiment = 'Unknown' OR c.sentiment IS NULL)");
  else if (request.sentiment) rows.andWhere('c.sentiment = :sentiment', { sentiment: request.sentiment });
  if (request.callSuccessful !== undefined)
    rows.andWhere('c.call_successful = :successful', { successful: request.callSuccessful });
  if (request.hangupReason) rows.andWhere('c.hangup_reason = :hangupReason', { hangupReason: request.hangupReason });
  if (request.fromNumber) {
    rows.andWhere("c.caller_number LIKE :fromNumber ESCAPE '\\'", { fromNumber: `%${escapeLike(request.fromNumber)}%` });
  }
  if (request.toNumber) {
    rows.andWhere("c.called_number LIKE :toNumber ESCAPE '\\'", { toNumber: `%${escapeLike(request.toNumber)}%` });
  }
  if (request.minDurationSeconds !== undefined)
    rows.andWhere('c.duration_seconds >= :minDuration', { minDuration: request.minDurationSeconds });
  if (request.maxDurationSeconds !== undefined)
    rows.andWhere('c.duration_seconds <= :maxDuration', { maxDuration: request.maxDurationSeconds });

  return rows.orderBy('c.started_at', 'DESC').addOrderBy('c.id', 'DESC').limit(request.limit);
}
