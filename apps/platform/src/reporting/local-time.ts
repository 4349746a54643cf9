/** Instants as a company's wall clock reads them, for the reports (the dashboard's start/end, the export's times). */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The parts of the instant `at` on the wall clock of `timeZone`: year … second, zero-padded. */
function wallClock(at: Date, timeZone: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;
}

/** `Y-m-d H:i` of `at` in `timeZone`: the dashboard's `start` and `end`. */
export function localMinute(at: Date, timeZone: string): string {
  const p = wallClock(at, timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** `Y-m-d H:i:s` of `at` in `timeZone`: how the export writes started_at. */
export function localDateTime(at: Date, timeZone: string): string {
  const p = wallClock(at, timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** `YYYY-MM-DD_HH-mm-ss` of `at` in `timeZone`: the export file name's stamp. */
export function localFileStamp(at: Date, timeZone: string): string {
  const p = wallClock(at, timeZone);
  return `${p.year}-${p.month}-${p.day}_${p.hour}-${p.minute}-${p.second}`;
}
