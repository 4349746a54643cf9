import { CompanyScopedRepository } from '@suite/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AppointmentEntity, ContactEntity } from '../../crm';
import { CallEntity } from '../../voice';
import type { ReportWindow } from '../ranges/report-window';
import { SmsMessageEntity } from '../sms/sms-message.entity';
import { HANDED_TO_CARRIER } from '../sms/sms-report-status';

/** Leads and bookings of one local day. */
export interface DayCounts {
  leads: number;
  appointments: number;
}

export interface LeadCounts {
  /** By local day (`Y-m-d`); days without leads are absent. */
  byDay: Map<string, number>;
  /** By the contact's source (`facebook`, `google`, …). */
  bySource: Map<string, number>;
}

export interface CallFigures {
  placed: number;
  connected: number;
  durationSeconds: number;
}

export interface SmsFigures {
  sent: number;
  delivered: number;
  failed: number;
}

/**
 * The dashboard's aggregates, one statement each, over the company's rows only (`rowsOf`) and
 * the window's instants [start, end) — each on an index led by (company_id, <its time column>).
 * Days are the company's local days: `AT TIME ZONE` with its IANA zone, in PostgreSQL.
 */
@Injectable()
export class DashboardQueries {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Contacts created in the window (deleted ones too: a lead stays a lead of the day it came). */
  async leads(companyId: string, window: ReportWindow, timeZone: string): Promise<LeadCounts> {
    const rows: Array<{ day: string; source: string | null; count: number }> = await CompanyScopedRepository.of(
      this.dataSource,
      ContactEntity,
      companyId,
    )
      .rowsOf('c')
      .select(`to_char(c.created_at AT TIME ZONE :tz, 'YYYY-MM-DD')`, 'day')
      .addSelect('c.source', 'source')
      .addSelect('COUNT(*)::int', 'count')
      .where('c.created_at >= :start AND c.created_at < :end', { start: window.start, end: window.end, tz: timeZone })
      .groupBy('1, 2')
      .getRawMany();
    const byDay = new Map<string, number>();
    const bySource = new Map<string, number>();
    for (const row of rows) {
      byDay.set(row.day, (byDay.get(row.day) ?? 0) + row.count);
      if (row.source !== null) bySource.set(row.source, (bySource.get(row.source) ?? 0) + row.count);
    }
    return { byDay, bySource };
  }

  /** Appointments booked in the window (by booking time), cancelled ones left out. By local day. */
  async appointments(companyId: string, window: ReportWindow, timeZone: string): Promise<Map<string, number>> {
    const rows: Array<{ day: string; count: number }> = await CompanyScopedRepository.of(
      this.dataSource,
      AppointmentEntity,
      companyId,
    )
      .rowsOf('a')
      .select(`to_char(a.created_at AT TIME ZONE :tz, 'YYYY-MM-DD')`, 'day')
      .addSelect('COUNT(*)::int', 'count')
      .where('a.created_at >= :start AND a.created_at < :end', { start: window.start, end: window.end, tz: timeZone })
      .andWhere("a.status <> 'cancelled'")
      .groupBy('1')
      .getRawMany();
    return new Map(rows.map((row) => [row.day, row.count]));
  }

  /** Outbound calls (dialer and agents) started in the window: placed, answered, talk time. */
  async calls(companyId: string, window: ReportWindow): Promise<CallFigures> {
    const row: { placed: number; connected: number; duration: string } | undefined = await CompanyScopedRepository.of(
      this.dataSource,
      CallEntity,
      companyId,
    )
      .rowsOf('k')
      .select('COUNT(*)::int', 'placed')
      .addSelect('COUNT(*) FILTER (WHERE k.answered_at IS NOT NULL)::int', 'connected')
      .addSelect('COALESCE(SUM(k.duration_seconds), 0)::text', 'duration')
      .where("k.direction = 'outbound'")
      .andWhere('k.started_at >= :start AND k.started_at < :end', { start: window.start, end: window.end })
      .getRawOne();
    return { placed: row?.placed ?? 0, connected: row?.connected ?? 0, durationSeconds: Number(row?.duration ?? 0) };
  }

  /** Outbound texts created in the window, as far as messaging's events have told (sms_messages). */
  async sms(companyId: string, window: ReportWindow): Promise<SmsFigures> {
    const row: SmsFigures | undefined = await CompanyScopedRepository.of(this.dataSource, SmsMessageEntity, companyId)
      .rowsOf('s')
      .select('COUNT(*) FILTER (WHERE s.status IN (:...handed))::int', 'sent')
      .addSelect("COUNT(*) FILTER (WHERE s.status = 'delivered')::int", 'delivered')
      .addSelect("COUNT(*) FILTER (WHERE s.status = 'failed')::int", 'failed')
      .where('s.created_at >= :start AND s.created_at < :end', {
        start: window.start,
        end: window.end,
        handed: HANDED_TO_CARRIER,
      })
      .getRawOne();
    return { sent: row?.sent ?? 0, delivered: row?.delivered ?? 0, failed: row?.failed ?? 0 };
  }
}
