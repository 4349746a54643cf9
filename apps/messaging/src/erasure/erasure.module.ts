import { Module } from '@nestjs/common';
import { MessagingErasureHandler } from './messaging-erasure.handler';

/** Messaging's part of erasing a CRM contact (issue 32 §3, decision 0050, docs/privacy.md). */
@Module({ providers: [MessagingErasureHandler] })
export class ErasureModule {}
