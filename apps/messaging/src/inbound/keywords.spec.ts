import { classifyInbound, HELP_KEYWORDS, OPT_IN_KEYWORDS, OPT_OUT_KEYWORDS } from './keywords';

describe('classifyInbound', () => {
  const variants = (keyword: string) => [
    keyword,
    keyword.toLowerCase(),
    keyword[0] + keyword.slice(1).toLowerCase(),
    `  ${keyword}\n`,
    `${keyword}.`,
    `${keyword}!!`,
  ];

  describe.each([
    ['opt_out', OPT_OUT_KEYWORDS],
    ['opt_in', OPT_IN_KEYWORDS],
    ['help', HELP_KEYWORDS],
  ] as const)('%s keywords', (kind, keywords) => {
    it.each(keywords.flatMap((keyword) => variants(keyword).map((body) => [body, keyword] as const)))(
      '%j → %s',
      (body, keyword) => {
        expect(classifyInbound(body)).toEqual({ kind, keyword });
      },
    );
  });

  it('covers exactly the keywords of issue 4', () => {
    expect([...OPT_OUT_KEYWORDS]).toEqual(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT']);
    expect([...OPT_IN_KEYWORDS]).toEqual(['START', 'UNSTOP', 'YES']);
    expect([...HELP_KEYWORDS]).toEqual(['HELP', 'INFO']);
  });

  it.each([
    ['opt out', 'OPTOUT'],
    ['Opt-Out', 'OPTOUT'],
    ['OPT  OUT!', 'OPTOUT'],
    ['stop all', 'STOPALL'],
  ])('reads the spelling %j as %s', (body, keyword) => {
    expect(classifyInbound(body)).toEqual({ kind: 'opt_out', keyword });
  });

  it.each([
    'stop please',
    'Please stop',
    'STOP STOP',
    'stopp',
    'stops',
    'S T O P',
    '"STOP"',
    '¿stop',
    'yes please',
    'yess',
    'help me',
    'information',
    'ending',
    'startup',
    'unsubscribe me',
    'opt',
    'OPT_OUT',
    '',
    '   ',
    '!!!',
  ])('%j is an ordinary message', (body) => {
    expect(classifyInbound(body)).toEqual({ kind: 'message' });
  });
});
