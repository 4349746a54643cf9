import { readyBanner } from './ready-banner';

describe('the ready banner', () => {
  const facts = {
    seconds: '2.1',
    database: 'embedded PostgreSQL (.data)',
    events: 'in-process events',
    urls: { platform: 'http://127.0.0.1:3003', 'webhook-dispatch': 'http://127.0.0.1:3004' },
    styled: false,
  };

  it('frames the readiness, every app’s address and the way out between two rules', () => {
    const lines = readyBanner(facts).split('\n');
    const rules = lines.flatMap((line, at) => (/^═+$/.test(line) ? [at] : []));
    expect(rules).toHaveLength(2);
    const inside = lines.slice(rules[0]! + 1, rules[1]);
    expect(inside[0]).toBe('suite ready in 2.1s: embedded PostgreSQL (.data), in-process events.');
    expect(inside).toContain('  platform          http://127.0.0.1:3003   (API docs: http://127.0.0.1:3003/docs)');
    expect(inside).toContain('  webhook-dispatch  http://127.0.0.1:3004   (API docs: http://127.0.0.1:3004/docs)');
    expect(inside.at(-1)).toBe('Ctrl-C stops everything.');
  });

  it('holds the first start’s credentials inside the frame, and nothing about them on later starts', () => {
    const first = readyBanner({ ...facts, firstStart: 'First start: bootstrapped an empty database.\n{"api_key":"k"}' });
    const end = first.lastIndexOf('═');
    expect(first.indexOf('{"api_key":"k"}')).toBeLessThan(end);
    expect(first.indexOf('First start')).toBeGreaterThan(first.indexOf('suite ready'));
    expect(readyBanner(facts)).not.toContain('First start');
  });

  it('prints each note on its own line inside the frame, after the addresses', () => {
    const lines = readyBanner({ ...facts, notes: ['Webhooks may go to this machine.'] }).split('\n');
    const at = lines.indexOf('Webhooks may go to this machine.');
    expect(at).toBeGreaterThan(lines.findIndex((line) => line.includes('webhook-dispatch')));
    expect(at).toBeLessThan(lines.lastIndexOf(lines.find((line) => /^═+$/.test(line))!));
  });

  it('is bold on a terminal only', () => {
    expect(readyBanner(facts)).not.toContain('\u001b[');
    expect(readyBanner({ ...facts, styled: true })).toContain('\u001b[1m');
  });
});
