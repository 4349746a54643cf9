import { Global, Injectable, Module } from '@nestjs/common';

/** The time the authorization server believes it is; tests replace `now` to travel. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}

@Global()
@Module({ providers: [Clock], exports: [Clock] })
export class ClockModule {}
