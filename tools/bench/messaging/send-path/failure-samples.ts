/** At most this many distinct non-2xx answers are kept to print. */
const KINDS = 3;

/** A few distinct non-2xx answers of a load run, counted, so a failing run says what went wrong. */
export class FailureSamples {
  private readonly seen = new Map<string, number>();

  add(status: number, body: string): void {
    const key = `${status} ${body.slice(0, 200)}`;
    if (this.seen.has(key) || this.seen.size < KINDS) this.seen.set(key, (this.seen.get(key) ?? 0) + 1);
  }

  /** "e.g. 12 × 500 {...}" per kind kept. */
  describe(): string[] {
    return [...this.seen].map(([answer, count]) => `e.g. ${count} × ${answer}`);
  }
}
