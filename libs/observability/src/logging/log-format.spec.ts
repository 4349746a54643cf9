import { chooseLogFormat, processLogOutput } from './log-format';

describe('the log format', () => {
  const terminal = { isTerminal: true, underKubernetes: false };

  it('is pretty only for a terminal outside Kubernetes, JSON for everything else', () => {
    expect(chooseLogFormat(undefined, terminal)).toBe('pretty');
    expect(chooseLogFormat(undefined, { isTerminal: false, underKubernetes: false })).toBe('json'); // tests, CI, Docker, a pipe
    expect(chooseLogFormat(undefined, { isTerminal: true, underKubernetes: true })).toBe('json'); // a pod with tty: true
    expect(chooseLogFormat(undefined, { isTerminal: false, underKubernetes: true })).toBe('json');
  });

  it('is whatever LOG_FORMAT says when it is set', () => {
    expect(chooseLogFormat('json', terminal)).toBe('json');
    expect(chooseLogFormat('pretty', { isTerminal: false, underKubernetes: true })).toBe('pretty');
  });

  it('reads the terminal from stdout and Kubernetes from KUBERNETES_SERVICE_HOST', () => {
    expect(processLogOutput({ isTTY: true }, {})).toEqual(terminal);
    expect(processLogOutput({}, {})).toEqual({ isTerminal: false, underKubernetes: false });
    expect(processLogOutput({ isTTY: true }, { KUBERNETES_SERVICE_HOST: '10.96.0.1' })).toEqual({
      isTerminal: true,
      underKubernetes: true,
    });
    expect(processLogOutput({ isTTY: true }, { KUBERNETES_SERVICE_HOST: '' })).toEqual(terminal);
  });
});
