/**
 * A throwaway Maven project whose only job is to resolve the Kafka broker's runtime
 * classpath. The slf4j binding and reload4j are listed explicitly because the
 * kafka_2.13 POM leaves logging to the distribution; without them the broker runs
 * with slf4j's NOP logger and never prints the line we wait for.
 */
export const SLF4J_RELOAD4J_VERSION = '1.7.36';
export const RELOAD4J_VERSION = '1.2.25';
// Pinned so the result does not depend on which plugin version Maven's super POM picks.
export const DEPENDENCY_PLUGIN_VERSION = '3.8.1';

export function renderKafkaPom(kafkaVersion: string): string {
  const dependency = (groupId: string, artifactId: string, version: string): string =>
    `    <dependency><groupId>${groupId}</groupId><artifactId>${artifactId}</artifactId><version>${version}</version></dependency>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<project xmlns="http://maven.apache.org/POM/4.0.0">',
    '  <modelVersion>4.0.0</modelVersion>',
    '  <groupId>suite.testing</groupId>',
    '  <artifactId>kafka-broker-classpath</artifactId>',
    `  <version>${kafkaVersion}</version>`,
    '  <packaging>pom</packaging>',
    '  <dependencies>',
    dependency('org.apache.kafka', 'kafka_2.13', kafkaVersion),
    dependency('org.slf4j', 'slf4j-reload4j', SLF4J_RELOAD4J_VERSION),
    dependency('ch.qos.reload4j', 'reload4j', RELOAD4J_VERSION),
    '  </dependencies>',
    '  <build>',
    '    <pluginManagement>',
    '      <plugins>',
    '        <plugin>',
    '          <groupId>org.apache.maven.plugins</groupId>',
    '          <artifactId>maven-dependency-plugin</artifactId>',
    `          <version>${DEPENDENCY_PLUGIN_VERSION}</version>`,
    '        </plugin>',
    '      </plugins>',
    '    </pluginManagement>',
    '  </build>',
    '</project>',
    '',
  ].join('\n');
}
