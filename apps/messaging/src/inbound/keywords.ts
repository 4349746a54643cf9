export const OPT_OUT_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT'] as const;
export const OPT_IN_KEYWORDS = ['START', 'UNSTOP', 'YES'] as const;
export const HELP_KEYWORDS = ['HELP', 'INFO'] as const;

export type InboundKeyword =
  | { readonly kind: 'opt_out'; readonly keyword: (typeof OPT_OUT_KEYWORDS)[number] }
  | { readonly kind: 'opt_in'; readonly keyword: (typeof OPT_IN_KEYWORDS)[number] }
  | { readonly kind: 'help'; readonly keyword: (typeof HELP_KEYWORDS)[number] }
  | { readonly kind: 'message' };

/** Spellings people type for a keyword that the carriers' lists write as one word. */
const SPELLINGS: Readonly<Record<string, string>> = { 'OPT OUT': 'OPTOUT', 'OPT-OUT': 'OPTOUT', 'STOP ALL': 'STOPALL' };
const TRAILING_PUNCTUATION = /[.!?,;:]+$/u;

/**
 * What an inbound body asks for. A keyword counts only as the whole message — one word, any
 * case, surrounding whitespace ignored — as carriers and platforms process them ("STOP please"
 * is a message, not an opt-out: it goes to the business as a reply). Two allowances, both so
 * that an opt-out is not missed on a technicality: trailing punctuation is ignored ("Stop.",
 * "STOP!!"), and "OPT OUT" / "OPT-OUT" / "STOP ALL" are read as OPTOUT / STOPALL (the FCC's
 * examples of reasonable revocation include "opt out"; AWS and Telnyx list the other two).
 */
export function classifyInbound(body: string): InboundKeyword {
  const normalised = body.trim().replace(TRAILING_PUNCTUATION, '').trim().replace(/\s+/gu, ' ').toUpperCase();
  const word = SPELLINGS[normalised] ?? normalised;
  if (includes(OPT_OUT_KEYWORDS, word)) return { kind: 'opt_out', keyword: word };
  if (includes(OPT_IN_KEYWORDS, word)) return { kind: 'opt_in', keyword: word };
  if (includes(HELP_KEYWORDS, word)) return { kind: 'help', keyword: word };
  return { kind: 'message' };
}

function includes<T extends string>(list: readonly T[], word: string): word is T {
  return (list as readonly string[]).includes(word);
}
