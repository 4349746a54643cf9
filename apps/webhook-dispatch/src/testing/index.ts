export { WebhookDispatchTestApp, type TestActor } from './webhook-dispatch-test-app';
