import { renderKafkaPom } from './kafka-pom';

describe('renderKafkaPom', () => {
  it('depends on the broker and on the logging binding its POM leaves out', () => {
    const pom = renderKafkaPom('3.9.1');
    expect(pom).toContain('<artifactId>kafka_2.13</artifactId><version>3.9.1</version>');
    expect(pom).toContain('<artifactId>slf4j-reload4j</artifactId><version>1.7.36</version>');
    expect(pom).toContain('<artifactId>reload4j</artifactId><version>1.2.25</version>');
  });
});
