import { Controller, Get, Query, Res, UseFilters } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ActingCompany, CompanyQuery, RequirePermission } from '@suite/authz';
import { ApiErrors, ApiSuccessResponse, success } from '@suite/http';
import { CALL_HISTORY_COLUMNS } from './call-history-columns';
import { CallHistoryAgents } from './call-history-agents.service';
import { CallHistoryExport, TOO_MANY_EXPORTS } from './call-history-export.service';
import { CallHistoryAgentResponse, CallHistoryColumnResponse, mapAgent, mapColumn } from './dto/call-history.response';
import { ExportCallHistoryQuery } from './dto/export-call-history.query';
import { ApiExportUnauthorized, exportErrorFilter } from './export-errors';
import { parseExportRequest } from './export-request';

/**
 * The AI call history as a CSV download — "AI calls" are the calls an agent took or made
 * (agent_id set) — with the columns and agents its form offers. docs/call-history-export.md.
 */
@ApiTags('call history')
@Controller('api/ai/call-history')
export class CallHistoryController {
  constructor(
    private readonly exports: CallHistoryExport,
    private readonly agents: CallHistoryAgents,
  ) {}

  @Get('export')
  @ApiExportUnauthorized()
  @RequirePermission('view-calls')
  @UseFilters(exportErrorFilter())
  @ApiOperation({
    summary:
      'Export the AI call history as CSV, newest first, streamed (limit default 5000, max 10000); ' +
      '404 when no call matches, 401 in {error, message, error_description}',
  })
  @ApiProduces('text/csv')
  @ApiResponse({
    status: 200,
    description:
      'The CSV attachment `AI_Call_History_<company>_<local YYYY-MM-DD_HH-mm-ss>.csv`: a header row, then one row per call.',
    content: { 'text/csv': { schema: { type: 'string', example: 'Call ID,Started At\r\nc_1,2026-11-24 09:30:00\r\n' } } },
    headers: {
      'Content-Disposition': { description: 'attachment; filename="AI_Call_History_…csv"', schema: { type: 'string' } },
    },
  })
  @ApiErrors({
    404: 'No call matches the filters, or company_id names a company you may not act on.',
    429: TOO_MANY_EXPORTS,
    422: 'A parameter is not understood (format not csv, limit outside 1–10000, an unknown column, end_date before start_date, …); errors names it.',
  })
  async export(
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @Query() query: ExportCallHistoryQuery,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    // Every refusal (422, 404) is thrown before the reply is touched, so it goes through the filter.
    const download = await this.exports.start(companyId, parseExportRequest(query));
    await reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${download.fileName}"`)
      .header('Cache-Control', 'no-store')
      .send(download.body);
  }

  @Get('columns')
  @RequirePermission('view-calls')
  @ApiOperation({ summary: 'List Call History Columns: the export’s column keys and header labels, in the default order' })
  @ApiSuccessResponse({ data: [CallHistoryColumnResponse] })
  @ApiErrors({ 404: 'company_id names a company you may not act on.' })
  columns(@ActingCompany({ acceptsCompanyId: true }) _companyId: string, @Query() _query: CompanyQuery) {
    return success({ data: CALL_HISTORY_COLUMNS.map(mapColumn) });
  }

  @Get('agents')
  @RequirePermission('view-calls')
  @ApiOperation({
    summary: 'List Call History Agents: the company’s agents (not deleted) for the export’s agent filter, by name',
  })
  @ApiSuccessResponse({ data: [CallHistoryAgentResponse] })
  @ApiErrors({ 404: 'company_id names a company you may not act on.' })
  async agentList(@ActingCompany({ acceptsCompanyId: true }) companyId: string, @Query() _query: CompanyQuery) {
    return success({ data: (await this.agents.list(companyId)).map(mapAgent) });
  }
}
