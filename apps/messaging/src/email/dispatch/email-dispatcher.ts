import { Inject, Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { JobHandler, JobsRuntime } from '@suite/jobs';
import { EMAIL_DISPATCH_OPTIONS, type EmailDispatchOptions } from './email-dispatch.options';
import { EmailDispatchStore } from './email-dispatch.store';
import { EMAIL_TRANSPORT, type EmailTransport } from './email-transport';
import { EMAIL_SEND_QUEUE, emailSendQueue } from './email-send.queue';

/**
 * Registers the email send queue with the app's jobs (libs/jobs runs it on any number of
 * replicas, woken by the send's commit) and closes the transport once the queue has stopped:
 * in-flight hand-offs get the grace, then are aborted and retried later.
 */
@Injectable()
export class EmailDispatcher implements BeforeApplicationShutdown {
  private readonly logger = new Logger('EmailDispatcher');

  constructor(
    private readonly jobs: JobsRuntime,
    private readonly store: EmailDispatchStore,
    @Inject(EMAIL_TRANSPORT) private readonly transport: EmailTransport,
    @Inject(EMAIL_DISPATCH_OPTIONS) private readonly options: EmailDispatchOptions,
  ) {}

  @JobHandler(EMAIL_SEND_QUEUE)
  sendQueue(): ReturnType<typeof emailSendQueue> {
    this.logger.log(`email dispatcher registered; transport: ${this.transport.description}`);
    return emailSendQueue(this.options, this.transport, this.store);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.jobs.stopQueue(EMAIL_SEND_QUEUE);
    this.transport.close();
  }
}
