/**
 * Budgets no test reaches by accident (decision 0045): the harnesses start apps with them, so a
 * spec that sends hundreds of requests with one credential tests its feature, not the limits. A
 * spec about the limits passes its own RATE_LIMIT_* variables over these.
 */
export const GENEROUS_RATE_LIMITS_ENV: Readonly<Record<string, string>> = Object.fromEntries(
  ['SEND', 'READ', 'WRITE'].flatMap((rateClass) => [
    [`RATE_LIMIT_${rateClass}_PER_MINUTE`, '1000000'],
    [`RATE_LIMIT_${rateClass}_COMPANY_PER_MINUTE`, '1000000'],
  ]),
);
