import './tracing';
import { runStandalone } from '@suite/runtime';
import { createWebhookDispatchApp, loadWebhookDispatchEnvironment } from './webhook-dispatch.app';

runStandalone({ name: 'webhook-dispatch', loadEnvironment: loadWebhookDispatchEnvironment, createApp: createWebhookDispatchApp });
