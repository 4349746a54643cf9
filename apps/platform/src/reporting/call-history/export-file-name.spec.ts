import { exportFileName } from './export-file-name';

describe('exportFileName', () => {
  const at = new Date('2026-03-08T10:05:09Z');

  it('stamps the company’s local time and keeps only [A-Za-z0-9_-] of its name', () => {
    expect(exportFileName('Acme Co. "Sales" / Ünit-2', at, 'America/Los_Angeles')).toBe(
      'AI_Call_History_Acme_Co_Sales__nit-2_2026-03-08_03-05-09.csv',
    );
    expect(exportFileName('Acme', at, 'Asia/Tokyo')).toBe('AI_Call_History_Acme_2026-03-08_19-05-09.csv');
  });

  it('names a company whose name has nothing safe left "Company", and cuts long names', () => {
    expect(exportFileName('日本\r\n"', at, 'UTC')).toBe('AI_Call_History_Company_2026-03-08_10-05-09.csv');
    expect(exportFileName('x'.repeat(300), at, 'UTC')).toBe(`AI_Call_History_${'x'.repeat(100)}_2026-03-08_10-05-09.csv`);
  });

  it('writes midnight as 00, not 24', () => {
    expect(exportFileName('A', new Date('2026-03-08T00:00:00Z'), 'UTC')).toBe('AI_Call_History_A_2026-03-08_00-00-00.csv');
  });
});
