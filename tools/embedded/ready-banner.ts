export interface ReadyBannerFacts {
  seconds: string;
  /** Where the data is: the embedded PostgreSQL's directory, or DATABASE_URL. */
  database: string;
  /** How events travel: in-process, or the Kafka brokers. */
  events: string;
  /** Each app's address, in start order. */
  urls: Record<string, string>;
  /** The first start's credentials (first-start.ts), when this start bootstrapped. */
  firstStart?: string;
  /** One-line notes about this start's settings (e.g. embedded/webhook-targets.ts), after the addresses. */
  notes?: string[];
  /** Bold rules and title, for a terminal. */
  styled: boolean;
}

const RULE = '═'.repeat(78);
/** ANSI bold on, bold off (node 20's util.styleText decides by itself whether stdout takes colour). */
const BOLD = ['\u001b[1m', '\u001b[22m'] as const;

/**
 * What `npm start` prints once every app is ready: the apps' addresses and, on a first start, the
 * credentials, between two rules, so a person finds them among the log lines above. The launcher
 * writes it in one piece after the log lines written so far (flushLogs).
 */
export function readyBanner(facts: ReadyBannerFacts): string {
  const bold = (text: string) => (facts.styled ? `${BOLD[0]}${text}${BOLD[1]}` : text);
  const width = Math.max(...Object.keys(facts.urls).map((name) => name.length)) + 2;
  const apps = Object.entries(facts.urls).map(([name, url]) => `  ${name.padEnd(width)}${url}   (API docs: ${url}/docs)`);
  return [
    '',
    bold(RULE),
    bold(`suite ready in ${facts.seconds}s: ${facts.database}, ${facts.events}.`),
    '',
    ...apps,
    ...(facts.notes?.length ? ['', ...facts.notes] : []),
    ...(facts.firstStart ? ['', facts.firstStart] : []),
    '',
    'Ctrl-C stops everything.',
    bold(RULE),
    '',
  ].join('\n');
}
