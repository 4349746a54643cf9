import './tracing';
import { runStandalone } from '@suite/http';
import { createPlatformApp, loadPlatformEnvironment } from './platform.app';

runStandalone({ name: 'platform', loadEnvironment: loadPlatformEnvironment, createApp: createPlatformApp });
