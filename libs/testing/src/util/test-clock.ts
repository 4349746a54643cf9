/**
 * A clock a test controls, of the shape of @suite/time's Clock (structurally: libs/testing
 * imports none of the app-side libraries). Frozen (the default) it shows the instant it was set to until moved;
 * running, it flows at real speed from the instant it was set to, so a test can place "now" at
 * 22:00 in New York and still let pacing slots come due.
 */
export class TestClock {
  private base: number;
  private setAtReal = Date.now();
  private running = false;

  constructor(start: Date = new Date()) {
    this.base = start.getTime();
  }

  now(): Date {
    return new Date(this.base + (this.running ? Date.now() - this.setAtReal : 0));
  }

  set(instant: Date | string): this {
    this.base = new Date(instant).getTime();
    this.setAtReal = Date.now();
    return this;
  }

  advance(ms: number): this {
    return this.set(new Date(this.now().getTime() + ms));
  }

  /** Stops the clock at the current instant. */
  freeze(): this {
    this.set(this.now());
    this.running = false;
    return this;
  }

  /** Lets the clock flow at real speed from the current instant. */
  run(): this {
    this.set(this.now());
    this.running = true;
    return this;
  }
}
