import { Module } from '@nestjs/common';
import { EmailModule } from '../email/email.module';
import { MessagesModule } from '../messages/messages.module';
import { WorkflowEmailRequestHandler } from './workflow-email-request.handler';
import { WorkflowSmsRequestHandler } from './workflow-sms-request.handler';

/**
 * What the platform's workflow steps ask messaging to send (platform.workflow_step.v1). The
 * handlers' @OnEvent types subscribe the app to that topic (EventingModule finds them here).
 */
@Module({
  imports: [MessagesModule, EmailModule],
  providers: [WorkflowSmsRequestHandler, WorkflowEmailRequestHandler],
})
export class WorkflowRequestsModule {}
