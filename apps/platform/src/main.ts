import './tracing';
import { runStandalone } from '@suite/runtime';
import { createPlatformApp, loadPlatformEnvironment } from './platform.app';

runStandalone({ name: 'platform', loadEnvironment: loadPlatformEnvironment, createApp: createPlatformApp });
