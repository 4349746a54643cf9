/**
 * Test infrastructure for the suite's integration tests.
 *
 * Jest's `integration` project runs setup/global-setup.ts once per run: it provides one
 * PostgreSQL server and one Kafka broker and exports DATABASE_URL / KAFKA_BROKERS to the
 * workers. A test file then isolates itself on those shared servers:
 *
 *   const db = await createTestDatabase('outbox');         // own database, db.drop() after
 *   process.env.KAFKA_TOPIC_PREFIX = uniqueTopicPrefix('outbox'); // own topics
 *
 * KafkaBroker is for tests that need a broker of their own, e.g. to stop and restart it.
 * VendorMock is a provider as an adapter sees it: Prism validating against the provider's published
 * description (libs/testing/vendor-apis), with a stub for what the description does not list.
 * FakeMeta and FakeGoogleAds stand in for the ad platforms, which publish no description: written
 * from their documentation and SDK types, consent pages included (ad-platforms/).
 * providePostgres/startEmbeddedPostgres load an ESM-only package: call them from jest
 * globalSetup or plain node, not from inside a test file.
 */
export { ensureKafkaJars, kafkaJarsCached, DEFAULT_KAFKA_VERSION } from './kafka/kafka-jars';
export { KafkaBroker, type KafkaBrokerOptions } from './kafka/kafka-broker';
export { provideKafka, parseBrokerList, type ProvidedKafka, type KafkaSource } from './kafka/provide-kafka';
export { uniqueTopicPrefix } from './kafka/topic-prefix';
export { waitForConsumerGroup } from './kafka/consumer-group';
export { providePostgres, type ProvidedPostgres, type PostgresSource } from './postgres/provide-postgres';
export { startEmbeddedPostgres, type EmbeddedPostgresServer } from './postgres/embedded-postgres-server';
export { createTestDatabase, type TestDatabase } from './postgres/test-database';
export { findFreePort } from './util/free-port';
export { eventually, type EventuallyOptions } from './util/eventually';
export { TestClock } from './util/test-clock';
export { compileWithOverrides, type ProviderOverride } from './nest/compile-with-overrides';
export { bootTestApp, harnessEnvironment } from './nest/boot-test-app';
export { GENEROUS_RATE_LIMITS_ENV } from './util/rate-limits-env';
export { ensureChromium, CHROMIUM_PATH } from './browser/ensure-chromium';
export { FormSession, hiddenFields } from './http/form-session';
export { pkceAuthorization, type PkceAuthorization } from './http/pkce-authorization';
export { RawHttpConnection, type RawHttpResponse } from './http/raw-http-connection';
export { checkRecordedAnswers, contractFailureMessage, type ContractReport } from './openapi-contract/check-recorded-answers';
export { ANSWER_RECORDING_VARIABLE as GLOBAL_SETUP_ANSWERS_VARIABLE } from './setup/answer-recording';
export { TestTokenIssuer, type TestAccessToken } from './identity/test-token-issuer';
export { VendorMock, type RecordedRequest, type PrismAnswer, type StubAnswer, type VendorStub } from './vendor-mock/vendor-mock';
export { PrismServer, type PrismServerOptions } from './vendor-mock/prism-server';
export {
  retellScriptByLastDigit,
  RetellSimulator,
  type CreateCallDecision,
  type RetellCallScript,
  type RetellSimulatorOptions,
  type SimulatedCall,
} from './vendor-mock/retell-simulator';
export { TwilioNumbersSimulator } from './vendor-mock/twilio-numbers-simulator';
export {
  reputationData,
  TelnyxReputationFake,
  type TelnyxReputationAnswer,
  type TelnyxReputationData,
} from './vendor-mock/telnyx-reputation-fake';
export * from './ad-platforms';
export { TwilioMessages, type TwilioMockMessage } from './vendor-mock/twilio-messages';
export {
  SendblueFake,
  SENDBLUE_SEND_STYLES,
  type SendblueFakeMessage,
  type SendblueFakeOptions,
  type SendblueFakeRequest,
  type SendblueStub,
} from './vendor-mock/sendblue-fake';
export { loadVendorDescription, vendorApisDirectory, type VendorDescriptionName } from './vendor-mock/vendor-descriptions';
