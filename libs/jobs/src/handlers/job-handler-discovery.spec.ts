import { Injectable, Module, Scope } from '@nestjs/common';
import { DiscoveryModule, DiscoveryService } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import type { JobQueue } from '../queue/job-queue';
import { JobHandler } from './job-handler.decorator';
import { checkJobHandlers, discoverJobQueues } from './job-handler-discovery';
import { defineJob, requiredJobNames } from './job-name';

const REPORT_JOB = defineJob<{ reportId: string }>('test.report', { app: 'reports' });
const SANDBOX_JOB = defineJob('test.sandbox-only', { app: 'reports', enqueuedOnlyByItsHandler: true });
defineJob('test.elsewhere', { app: 'another-app' });

const queueNamed = (name: string, handle: JobQueue['handle']): JobQueue => ({
  name,
  concurrency: 1,
  leaseMs: 2_000,
  timeoutMs: 1_000,
  pollMs: 1_000,
  stopGraceMs: 100,
  retry: { kind: 'fixed', delaysMs: [] },
  handle,
});

@Injectable()
class Renderer {
  render = async () => 'rendered';
}

/** A feature's handler, built with a dependency of its own module. */
@Injectable()
class Reports {
  constructor(readonly renderer: Renderer) {}

  @JobHandler(REPORT_JOB)
  reportQueue(): JobQueue {
    return queueNamed(REPORT_JOB, () => this.renderer.render());
  }
}

@Injectable()
class NotAHandler {}

@Module({ providers: [Renderer, Reports, NotAHandler] })
class ReportsFeature {}

const discover = async (...features: Array<new () => unknown>) => {
  const moduleRef = await Test.createTestingModule({ imports: [DiscoveryModule, ...features] }).compile();
  return () => discoverJobQueues(moduleRef.get(DiscoveryService));
};

describe('discoverJobQueues', () => {
  it("finds every @JobHandler method in any module and builds its queue with the provider's dependencies", async () => {
    const queues = (await discover(ReportsFeature))();
    expect(queues.map((queue) => queue.name)).toEqual(['test.report']);
    await expect(queues[0]!.handle({} as never, new AbortController().signal)).resolves.toBe('rendered');
  });

  it('refuses a method whose queue has another name than its decorator', async () => {
    @Injectable()
    class Mislabelled {
      @JobHandler(REPORT_JOB)
      queue(): JobQueue {
        return queueNamed('test.other', async () => undefined);
      }
    }
    @Module({ providers: [Mislabelled] })
    class Feature {}
    expect(await discover(Feature)).toThrow(`@JobHandler('test.report') Mislabelled.queue returned the queue "test.other"`);
  });

  it('refuses a request-scoped handler: there is no instance to run a job with', async () => {
    @Injectable({ scope: Scope.REQUEST })
    class Scoped {
      @JobHandler(REPORT_JOB)
      queue(): JobQueue {
        return queueNamed(REPORT_JOB, async () => undefined);
      }
    }
    @Module({ providers: [Scoped] })
    class Feature {}
    expect(await discover(Feature)).toThrow('job handler Scoped must be a singleton provider');
  });
});

describe('checkJobHandlers', () => {
  it("requires a handler for every job the app declared, except one only its own handler enqueues; other apps' are theirs", () => {
    expect(requiredJobNames('reports')).toEqual(['test.report']);
    expect(requiredJobNames('another-app')).toEqual(['test.elsewhere']);
    expect(SANDBOX_JOB).toBe('test.sandbox-only');
    expect(() => checkJobHandlers(requiredJobNames('reports'), new Set(['test.report']))).not.toThrow();
  });

  it('refuses one name declared by two apps', () => {
    expect(() => defineJob('test.report', { app: 'another-app' })).toThrow(
      'jobs: test.report is declared by reports and another-app',
    );
  });

  it('fails start-up naming the declared jobs nobody handles', () => {
    expect(() => checkJobHandlers(['b.job', 'a.job', 'c.job'], new Set(['c.job']))).toThrow(/no @JobHandler for a\.job, b\.job/);
  });
});
