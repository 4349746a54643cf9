import { Injectable, Module, Scope } from '@nestjs/common';
import { DiscoveryModule, DiscoveryService } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import type { DomainEvent } from '@suite/contracts';
import { OnEvent } from '../consumer/on-event.decorator';
import { discoverEventHandlers } from './handler-discovery';

@Injectable()
class Clock {
  now = () => 0;
}

/** A feature's handler, with a dependency of its own module. */
@Injectable()
class CompanyHandler {
  constructor(readonly clock: Clock) {}

  @OnEvent('company.created')
  async created(_event: DomainEvent<'company.created'>): Promise<void> {}
}

@Injectable()
class NotAHandler {}

@Module({ providers: [Clock, CompanyHandler, NotAHandler] })
class CompaniesFeature {}

@Injectable({ scope: Scope.REQUEST })
class RequestScopedHandler {
  @OnEvent('company.created')
  async created(): Promise<void> {}
}

const discover = async (...features: Array<new () => unknown>) => {
  const moduleRef = await Test.createTestingModule({ imports: [DiscoveryModule, ...features] }).compile();
  return () => discoverEventHandlers(moduleRef.get(DiscoveryService));
};

describe('discoverEventHandlers', () => {
  it("finds the providers with @OnEvent methods in any module, built with their module's dependencies", async () => {
    const handlers = (await discover(CompaniesFeature))();
    expect(handlers).toHaveLength(1);
    expect(handlers[0]).toBeInstanceOf(CompanyHandler);
    expect((handlers[0] as CompanyHandler).clock).toBeInstanceOf(Clock);
  });

  it('refuses a request-scoped handler: there is no instance to call when an event arrives', async () => {
    @Module({ providers: [RequestScopedHandler] })
    class Scoped {}
    expect(await discover(Scoped)).toThrow('event handler RequestScopedHandler must be a singleton provider');
  });
});
