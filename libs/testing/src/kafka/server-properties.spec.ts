import { renderLog4jProperties, renderServerProperties, serverPropertiesEntries } from './server-properties';

describe('renderServerProperties', () => {
  const input = { port: 40001, controllerPort: 40002, logDir: '/tmp/suite-kafka-x/data' };
  const parse = (text: string): Map<string, string> =>
    new Map(
      text
        .split('\n')
        .filter((line) => line && !line.startsWith('#'))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );

  it('wires a single KRaft node on 127.0.0.1 with separate client and controller listeners', () => {
    const props = parse(renderServerProperties(input));
    expect(props.get('process.roles')).toBe('broker,controller');
    expect(props.get('node.id')).toBe('1');
    expect(props.get('controller.quorum.voters')).toBe('1@127.0.0.1:40002');
    expect(props.get('listeners')).toBe('PLAINTEXT://127.0.0.1:40001,CONTROLLER://127.0.0.1:40002');
    expect(props.get('advertised.listeners')).toBe('PLAINTEXT://127.0.0.1:40001');
    expect(props.get('controller.listener.names')).toBe('CONTROLLER');
    expect(props.get('inter.broker.listener.name')).toBe('PLAINTEXT');
    expect(props.get('listener.security.protocol.map')).toBe('PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT');
    expect(props.get('log.dirs')).toBe('/tmp/suite-kafka-x/data');
  });

  it('sets what a single-node test broker needs', () => {
    const props = parse(renderServerProperties(input));
    expect(props.get('offsets.topic.replication.factor')).toBe('1');
    expect(props.get('transaction.state.log.replication.factor')).toBe('1');
    expect(props.get('transaction.state.log.min.isr')).toBe('1');
    expect(props.get('group.initial.rebalance.delay.ms')).toBe('0');
    expect(props.get('auto.create.topics.enable')).toBe('false');
    expect(props.get('num.partitions')).toBe('3');
  });

  it('lets overrides replace defaults without duplicating keys', () => {
    const entries = serverPropertiesEntries({ ...input, overrides: { 'num.partitions': 1, 'log.retention.ms': 1000 } });
    expect(entries.filter(([key]) => key === 'num.partitions')).toEqual([['num.partitions', '1']]);
    expect(entries).toContainEqual(['log.retention.ms', '1000']);
  });

  it('escapes backslashes, which java.util.Properties would eat', () => {
    expect(renderServerProperties({ ...input, logDir: 'C:\\kafka\\data' })).toContain('log.dirs=C:\\\\kafka\\\\data\n');
  });
});

describe('renderLog4jProperties', () => {
  it('keeps the readiness logger at INFO while the rest is at WARN', () => {
    const text = renderLog4jProperties();
    expect(text).toContain('log4j.rootLogger=WARN, stdout');
    expect(text).toContain('log4j.logger.kafka.server.KafkaRaftServer=INFO');
  });
});
