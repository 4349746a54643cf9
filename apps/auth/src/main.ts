import './tracing';
import { runStandalone } from '@suite/http';
import { createAuthApp, loadAuthEnvironment } from './auth.app';

runStandalone({ name: 'auth', loadEnvironment: loadAuthEnvironment, createApp: createAuthApp });
