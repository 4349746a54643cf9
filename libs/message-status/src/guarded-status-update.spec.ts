import { applyStatusEvent } from './guarded-status-update';

// Only the mapping from result rows to outcomes is tested here; the statement itself runs
// against PostgreSQL in guarded-status-update.integration-spec.ts.
function managerReturning(rows: unknown[]) {
  const calls: Array<{ text: string; values: unknown[] | undefined }> = [];
  const manager = {
    query: async (text: string, values?: unknown[]) => {
      calls.push({ text, values });
      return rows;
    },
  };
  return { manager, calls };
}

const command = { table: 'messaging.messages', id: 'm-1', event: 'cancel' } as const;

describe('applyStatusEvent outcome mapping', () => {
  it('reports from and to when the row moved', async () => {
    const { manager, calls } = managerReturning([{ previous_status: 'sending', affected: 1 }]);
    await expect(applyStatusEvent(manager, command)).resolves.toEqual({ applied: true, from: 'sending', to: 'cancelled' });
    expect(calls).toHaveLength(1);
  });

  it('reports the current status when the guard refused', async () => {
    const { manager } = managerReturning([{ previous_status: 'sent', affected: 0 }]);
    await expect(applyStatusEvent(manager, command)).resolves.toEqual({ applied: false, current: 'sent' });
  });

  it('reports null when there is no such row', async () => {
    const { manager } = managerReturning([]);
    await expect(applyStatusEvent(manager, command)).resolves.toEqual({ applied: false, current: null });
  });

  it('throws when the id matched several rows', async () => {
    const { manager } = managerReturning([
      { previous_status: 'queued', affected: 2 },
      { previous_status: 'queued', affected: 2 },
    ]);
    await expect(applyStatusEvent(manager, command)).rejects.toThrow(/matched 2 rows/);
  });

  it('throws on a status the machine does not know', async () => {
    const { manager } = managerReturning([{ previous_status: 'pending', affected: 0 }]);
    await expect(applyStatusEvent(manager, command)).rejects.toThrow(/unknown status/);
  });

  it('rejects before querying when the command is unsafe', async () => {
    const { manager, calls } = managerReturning([]);
    await expect(applyStatusEvent(manager, { ...command, table: 'x;y' })).rejects.toThrow(TypeError);
    expect(calls).toHaveLength(0);
  });
});
