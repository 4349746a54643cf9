import { CALL_HISTORY_COLUMNS } from './call-history-columns';
import { csvHeader } from './call-history-export.service';
import { E164_PATTERN, FORMULA_PATTERN } from './csv-sql';
import { csvCell } from './testing/csv-cell';

describe('the export’s CSV in SQL', () => {
  it('writes the header as csv-stringify would: no label needs quotes or neutralising', () => {
    const labels = CALL_HISTORY_COLUMNS.map((column) => column.label);
    expect(labels.map((label) => csvCell(label))).toEqual(labels);
    expect(labels.filter((label) => /[",\n\r]/.test(label))).toEqual([]);
    expect(csvHeader(CALL_HISTORY_COLUMNS)).toBe(labels.join(','));
  });

  it('spells its patterns in printable ASCII without a quote, so they stand as SQL literals', () => {
    for (const pattern of [FORMULA_PATTERN, E164_PATTERN]) expect(pattern).toMatch(/^[\x20-\x26\x28-\x7e]+$/);
  });
});
