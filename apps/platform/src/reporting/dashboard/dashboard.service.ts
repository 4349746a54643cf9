import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '@suite/http';
import { CLOCK, type Clock } from '@suite/time';
import { AdSpendReader } from '../ad-accounts/ad-spend.reader';
import { CompaniesService } from '../../directory';
import { addDays } from '../ranges/calendar-days';
import {
  DASHBOARD_RANGE_LABELS,
  DASHBOARD_RANGES,
  dashboardDays,
  DEFAULT_DASHBOARD_RANGE,
  isDashboardRange,
} from '../ranges/dashboard-ranges';
import { localToday, reportWindow } from '../ranges/report-window';
import { channelRows, summariseSpend } from './ad-spend-summary';
import { localMinute } from '../local-time';
import { costPer, dayLabel, durationLabel, percentage } from './dashboard-figures';
import { DashboardQueries } from './dashboard-queries';
import type { BusinessOverviewResponse } from './dto/business-overview.response';

export const RANGE_REFUSED = `range must be one of ${DASHBOARD_RANGES.join(', ')}.`;

/**
 * The business overview: the preset turned into the company's local days (its time zone and
 * week start), their instants from local midnights, then the aggregates side by side on the pool.
 */
@Injectable()
export class DashboardService {
  constructor(
    private readonly companies: CompaniesService,
    private readonly queries: DashboardQueries,
    private readonly adSpend: AdSpendReader,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async overview(companyId: string, requested: string | undefined): Promise<BusinessOverviewResponse> {
    const range = requested ?? DEFAULT_DASHBOARD_RANGE;
    if (!isDashboardRange(range)) throw new AppError('unprocessable', RANGE_REFUSED, { range: [RANGE_REFUSED] });
    const company = await this.companies.get(companyId);
    const timeZone = company.timezone;
    const window = reportWindow(dashboardDays(range, localToday(this.clock.now(), timeZone), company.weekStart), timeZone);
    const [leads, appointments, calls, sms, accounts] = await Promise.all([
      this.queries.leads(companyId, window, timeZone),
      this.queries.appointments(companyId, window, timeZone),
      this.queries.calls(companyId, window),
      this.queries.sms(companyId, window),
      this.adSpend.spendIn(companyId, window.from, window.to),
    ]);
    const leadCount = sum(leads.byDay.values());
    const appointmentCount = sum(appointments.values());
    const spend = summariseSpend(accounts, timeZone);
    return {
      company_name: company.name,
      timezone: timeZone,
      range,
      range_label: DASHBOARD_RANGE_LABELS[range],
      start: localMinute(window.start, timeZone),
      end: localMinute(new Date(window.end.getTime() - 60_000), timeZone),
      leads: leadCount,
      appointments: appointmentCount,
      spend: spend.spend,
      spend_currency: spend.currency,
      spend_note: spend.note,
      cost_per_lead: costPer(spend.spend, leadCount),
      cost_per_booked: costPer(spend.spend, appointmentCount),
      calls: {
        placed: calls.placed,
        connected: calls.connected,
        contact_rate: percentage(calls.connected, calls.placed),
        duration_seconds: calls.durationSeconds,
        duration_label: durationLabel(calls.durationSeconds),
      },
      sms: { ...sms, delivery_rate: percentage(sms.delivered, sms.sent) },
      trend: daysOf(window.from, window.to).map((date) => ({
        date,
        label: dayLabel(date),
        leads: leads.byDay.get(date) ?? 0,
        appointments: appointments.get(date) ?? 0,
      })),
      channels: channelRows(accounts, leads.bySource),
    };
  }
}

const sum = (values: Iterable<number>): number => [...values].reduce((total, value) => total + value, 0);

/** Every local day from `from` to `to`, inclusive (a preset spans at most 31). */
function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}
