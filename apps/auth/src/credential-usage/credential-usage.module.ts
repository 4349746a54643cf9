import { Module } from '@nestjs/common';
import { CredentialUsageHandler } from './credential-usage.handler';

/** Registers the handler as a provider so eventing gets it with its dependencies. */
@Module({ providers: [CredentialUsageHandler], exports: [CredentialUsageHandler] })
export class CredentialUsageModule {}
