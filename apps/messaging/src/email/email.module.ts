import { Logger, Module } from '@nestjs/common';
import { BaseEnvironment } from '@suite/config';
import { EMAIL_DISPATCH_OPTIONS, emailDispatchOptions } from './dispatch/email-dispatch.options';
import { EmailDispatchStore } from './dispatch/email-dispatch.store';
import { EmailDispatcher } from './dispatch/email-dispatcher';
import { EMAIL_TRANSPORT, type EmailTransport } from './dispatch/email-transport';
import { FileEmailTransport } from './dispatch/file-email.transport';
import { SmtpEmailTransport } from './dispatch/smtp-email.transport';
import { EmailDomainEntity } from './domains/email-domain.entity';
import { EmailDomainsController } from './domains/email-domains.controller';
import { EmailDomainsService } from './domains/email-domains.service';
import { EmailMailboxEntity } from './mailboxes/email-mailbox.entity';
import { EmailMailboxesController } from './mailboxes/email-mailboxes.controller';
import { EmailMailboxesService } from './mailboxes/email-mailboxes.service';
import { EmailSendEntity } from './sends/email-send.entity';
import { EmailSendsController } from './sends/email-sends.controller';
import { EmailSendsService } from './sends/email-sends.service';
import { EmailEnvironment } from './email-environment';

export const EMAIL_ENTITIES = [EmailDomainEntity, EmailMailboxEntity, EmailSendEntity];

/** The relay when MESSAGING_SMTP_URL is set; otherwise .eml files, loudly (nothing is delivered). */
function emailTransportFor(env: EmailEnvironment): EmailTransport {
  if (env.MESSAGING_SMTP_URL) return new SmtpEmailTransport(env.MESSAGING_SMTP_URL, env.MESSAGING_EMAIL_SMTP_TIMEOUT_MS);
  const transport = new FileEmailTransport(env.MESSAGING_MAIL_DIR);
  new Logger('EmailModule').warn(
    `MESSAGING_SMTP_URL is not set: emails are written to ${env.MESSAGING_MAIL_DIR} and marked "captured", never delivered`,
  );
  return transport;
}

/** Conversational email: domains, mailboxes, sends and their dispatcher (docs/decisions/0013). */
@Module({
  controllers: [EmailDomainsController, EmailMailboxesController, EmailSendsController],
  providers: [
    {
      provide: EMAIL_DISPATCH_OPTIONS,
      // Its own slice, and the shutdown timeout every app reads (the dispatcher's grace at stop).
      useFactory: (email: EmailEnvironment, shared: BaseEnvironment) =>
        emailDispatchOptions({ ...email, SHUTDOWN_TIMEOUT_MS: shared.SHUTDOWN_TIMEOUT_MS }),
      inject: [EmailEnvironment, BaseEnvironment],
    },
    { provide: EMAIL_TRANSPORT, useFactory: emailTransportFor, inject: [EmailEnvironment] },
    EmailDispatchStore,
    EmailDispatcher,
    EmailDomainsService,
    EmailMailboxesService,
    EmailSendsService,
  ],
  exports: [EmailSendsService],
})
export class EmailModule {}
