import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { CompanyScopedRepository } from '@suite/database';
import { AppError } from '@suite/http';
import { assertCompanyKnown } from '../shared/company-replica.guard';
import { effectiveSettings, settingsProblems, type EffectiveSettings, type SettingsOverrides } from './effective-settings';
import { WorkspaceSettingsEntity } from './workspace-settings.entity';

export interface WorkspaceSettingsView {
  settings: EffectiveSettings;
  /** API names of the overridden fields. */
  overridden: string[];
}

const API_NAMES: Record<keyof SettingsOverrides, string> = {
  sendWindowStart: 'send_window_start',
  sendWindowEnd: 'send_window_end',
  helpReply: 'help_reply',
  perSecondRate: 'per_second_rate',
  warmupDays: 'warmup_days',
  dailyNewContactsStart: 'daily_new_contacts_start',
  dailyNewContactsMax: 'daily_new_contacts_max',
};

@Injectable()
export class WorkspaceSettingsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The effective settings of a workspace, for the scheduler and auto-replies (no company check). */
  async effective(manager: EntityManager, companyId: string): Promise<EffectiveSettings> {
    return effectiveSettings(await settingsOf(manager, companyId).findOneBy({}));
  }

  async get(companyId: string): Promise<WorkspaceSettingsView> {
    return this.dataSource.transaction(async (manager) => {
      await assertCompanyKnown(manager, companyId);
      return view(await settingsOf(manager, companyId).findOneBy({}));
    });
  }

  /** Replaces the overrides (null = default); 400 when the combination is inconsistent. */
  async put(companyId: string, overrides: SettingsOverrides): Promise<WorkspaceSettingsView> {
    const problems = settingsProblems(effectiveSettings(overrides));
    if (problems.length > 0) throw new AppError('invalid', `${problems.join('; ')}.`);
    return this.dataSource.transaction(async (manager) => {
      await assertCompanyKnown(manager, companyId);
      const settings = settingsOf(manager, companyId);
      const given = (Object.keys(overrides) as Array<keyof SettingsOverrides>).filter((key) => overrides[key] !== undefined);
      await settings.upsert([settings.create(overrides)], ['companyId'], given);
      return view(await settings.findOneBy({}));
    });
  }
}

/** The company's one row of settings (the company is its key). */
function settingsOf(manager: EntityManager, companyId: string): CompanyScopedRepository<WorkspaceSettingsEntity> {
  return CompanyScopedRepository.of(manager, WorkspaceSettingsEntity, companyId);
}

function view(row: WorkspaceSettingsEntity | null): WorkspaceSettingsView {
  const overridden = row
    ? (Object.keys(API_NAMES) as Array<keyof SettingsOverrides>).filter((key) => row[key] !== null).map((key) => API_NAMES[key])
    : [];
  return { settings: effectiveSettings(row), overridden };
}
