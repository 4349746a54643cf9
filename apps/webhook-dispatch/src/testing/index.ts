export { WebhookDispatchTestApp, type TestActor, type WebhookDispatchTestOptions } from './webhook-dispatch-test-app';
export { answerNever, answerOk, TestReceiver, type ReceivedRequest, type ReceiverAnswer } from './test-receiver';
export { startReceiverSuite, type ReceiverSuite } from './receiver-suite';
export { TestTargetResolver, TEST_HOSTS } from './test-target-resolver';
export { deliveredMessageEvent } from './message-events';
export { crmEvents } from './crm-events';
export { startDispatcherProcess, type DispatcherProcess } from './dispatcher-process';
