import { localFileStamp } from '../local-time';

/**
 * `AI_Call_History_<company>_<local stamp>.csv`: the company's name reduced to `[A-Za-z0-9_-]`
 * (spaces become `_`, anything else is dropped, at most 100 characters; `Company` when no letter
 * or digit is left), so the name is safe in a Content-Disposition header and on every file system.
 */
export function exportFileName(companyName: string, at: Date, timeZone: string): string {
  const reduced = companyName
    .replace(/\s+/g, '_')
    .replace(/[^A-Za-z0-9_-]/g, '')
    .slice(0, 100);
  const safe = /[A-Za-z0-9]/.test(reduced) ? reduced : 'Company';
  return `AI_Call_History_${safe}_${localFileStamp(at, timeZone)}.csv`;
}
