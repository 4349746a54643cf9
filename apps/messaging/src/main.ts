import './tracing';
import { runStandalone } from '@suite/http';
import { createMessagingApp, loadMessagingEnvironment } from './messaging.app';

runStandalone({ name: 'messaging', loadEnvironment: loadMessagingEnvironment, createApp: createMessagingApp });
