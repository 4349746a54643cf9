import { MESSAGING_DEFAULTS } from './workspace-defaults';
import type { WorkspaceSettingsEntity } from './workspace-settings.entity';

/** A workspace's messaging settings with every default applied: what the scheduler and auto-replies use. */
export interface EffectiveSettings {
  sendWindowStart: string;
  sendWindowEnd: string;
  helpReply: string;
  perSecondRate: number;
  warmupDays: number;
  dailyNewContactsStart: number;
  dailyNewContactsMax: number;
}

export type SettingsOverrides = Omit<WorkspaceSettingsEntity, 'companyId' | 'updatedAt'>;

export function effectiveSettings(row: SettingsOverrides | null): EffectiveSettings {
  return {
    sendWindowStart: row?.sendWindowStart ?? MESSAGING_DEFAULTS.sendWindowStart,
    sendWindowEnd: row?.sendWindowEnd ?? MESSAGING_DEFAULTS.sendWindowEnd,
    helpReply: row?.helpReply ?? MESSAGING_DEFAULTS.helpReply,
    perSecondRate: row?.perSecondRate ?? MESSAGING_DEFAULTS.perSecondRate,
    warmupDays: row?.warmupDays ?? MESSAGING_DEFAULTS.warmupDays,
    dailyNewContactsStart: row?.dailyNewContactsStart ?? MESSAGING_DEFAULTS.dailyNewContactsStart,
    dailyNewContactsMax: row?.dailyNewContactsMax ?? MESSAGING_DEFAULTS.dailyNewContactsMax,
  };
}

/** Problems with a combination of settings (each field alone is checked by the request DTO); empty when fine. */
export function settingsProblems(settings: EffectiveSettings): string[] {
  const problems: string[] = [];
  // Same-day windows only: an overnight window ("22:00"–"06:00") would send at night, which the
  // send window exists to prevent; a workspace that really wants it can ask for it later.
  if (settings.sendWindowStart >= settings.sendWindowEnd) {
    problems.push(`send_window_start (${settings.sendWindowStart}) must be before send_window_end (${settings.sendWindowEnd})`);
  }
  if (settings.dailyNewContactsStart > settings.dailyNewContactsMax) {
    problems.push(
      `daily_new_contacts_start (${settings.dailyNewContactsStart}) must not exceed daily_new_contacts_max (${settings.dailyNewContactsMax})`,
    );
  }
  return problems;
}
