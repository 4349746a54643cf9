// Messaging's test harness, for its own integration specs and for specs outside the app (e2e):
// `@suite/messaging-app/testing`. Kept apart from the app's public index so production code never
// pulls in @suite/testing.
export {
  bootMessagingApp,
  startMessagingTestApp,
  type BootOptions,
  type MessagingTestApp,
  type MessagingTestAppOptions,
  type TestScheduler,
} from './messaging-test-app';
export { readKafkaEvents, type KafkaEventReader } from './kafka-event-reader';
export {
  ALWAYS_OPEN_SETTINGS,
  feedAnotherApiKey,
  feedRevokedApiKey,
  feedWorkspaceReplicas,
  INTERNAL_TOKEN,
  newCompanyId,
  newPhone,
  newWorkspace,
  seedWorkspaces,
  type TestWorkspace,
} from './test-workspaces';
