import './tracing';
import { runStandalone } from '@suite/http';
import { createWebhookDispatchApp, loadWebhookDispatchEnvironment } from './webhook-dispatch.app';

runStandalone({ name: 'webhook-dispatch', loadEnvironment: loadWebhookDispatchEnvironment, createApp: createWebhookDispatchApp });
