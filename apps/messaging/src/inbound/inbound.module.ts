import { Module } from '@nestjs/common';
import { ContactsModule } from '../contacts/contacts.module';
import { MessagesModule } from '../messages/messages.module';
import { SenderNumbersModule } from '../sender-numbers/sender-numbers.module';
import { WorkspaceSettingsModule } from '../workspace-settings/workspace-settings.module';
import { AutoReplyService } from './auto-reply.service';
import { InboundMessagesService } from './inbound-messages.service';
import { OptOutService } from './opt-out.service';

/**
 * A lead's text arriving: it is stored, pins the conversation to the number it reached, applies
 * opt-out and opt-in keywords and sends the workspace's auto-reply. How the text got here (the
 * signed carrier callback, the sandbox route) is callbacks/' business; this module only takes a
 * decoded inbound callback, so the next entry point (a second carrier) reuses it as is.
 */
@Module({
  imports: [ContactsModule, MessagesModule, SenderNumbersModule, WorkspaceSettingsModule],
  providers: [InboundMessagesService, OptOutService, AutoReplyService],
  exports: [InboundMessagesService, OptOutService],
})
export class InboundModule {}
