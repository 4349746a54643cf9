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
    expect(Object.fromEntries(parse(renderServerProperties(input)))).toMatchObject({
      'process.roles': 'broker,controller',
      'node.id': '1',
      'controller.quorum.voters': '1@127.0.0.1:40002',
      listeners: 'PLAINTEXT://127.0.0.1:40001,CONTROLLER://127.0.0.1:40002',
      'advertised.listeners': 'PLAINTEXT://127.0.0.1:40001',
      'controller.listener.names': 'CONTROLLER',
      'inter.broker.listener.name': 'PLAINTEXT',
      'listener.security.protocol.map': 'PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
      'log.dirs': '/tmp/suite-kafka-x/data',
    });
  });

  it('sets what a single-node test broker needs', () => {
    expect(Object.fromEntries(parse(renderServerProperties(input)))).toMatchObject({
      'offsets.topic.replication.factor': '1',
      'transaction.state.log.replication.factor': '1',
      'transaction.state.log.min.isr': '1',
      'group.initial.rebalance.delay.ms': '0',
      'auto.create.topics.enable': 'false',
      'num.partitions': '3',
    });
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
