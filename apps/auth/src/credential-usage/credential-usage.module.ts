import { Module } from '@nestjs/common';
import { CredentialUsageHandler } from './credential-usage.handler';

/** Registers the handler as a provider, with its dependencies; EventingModule finds it by its @OnEvent method. */
@Module({ providers: [CredentialUsageHandler], exports: [CredentialUsageHandler] })
export class CredentialUsageModule {}
