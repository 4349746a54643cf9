import { MESSAGING_DEFAULTS } from './workspace-defaults';
import { effectiveSettings, settingsProblems } from './effective-settings';

const none = {
  sendWindowStart: null,
  sendWindowEnd: null,
  helpReply: null,
  perSecondRate: null,
  warmupDays: null,
  dailyNewContactsStart: null,
  dailyNewContactsMax: null,
};

describe('effectiveSettings', () => {
  it('applies the defaults for a missing row and for null overrides', () => {
    const defaults = effectiveSettings(null);
    expect(defaults).toEqual({
      sendWindowStart: '08:00',
      sendWindowEnd: '21:00',
      helpReply: MESSAGING_DEFAULTS.helpReply,
      perSecondRate: 1,
      warmupDays: 14,
      dailyNewContactsStart: 10,
      dailyNewContactsMax: 50,
    });
    expect(effectiveSettings(none)).toEqual(defaults);
    expect(effectiveSettings({ ...none, sendWindowEnd: '17:00', warmupDays: 0 })).toMatchObject({
      sendWindowEnd: '17:00',
      warmupDays: 0,
    });
  });

  it('refuses an empty or overnight window and a start cap above the max', () => {
    expect(settingsProblems(effectiveSettings(null))).toEqual([]);
    expect(settingsProblems(effectiveSettings({ ...none, sendWindowStart: '21:00' }))).toHaveLength(1);
    expect(settingsProblems(effectiveSettings({ ...none, sendWindowStart: '22:00', sendWindowEnd: '06:00' }))).toHaveLength(1);
    expect(settingsProblems(effectiveSettings({ ...none, dailyNewContactsStart: 51 }))).toHaveLength(1);
  });
});
