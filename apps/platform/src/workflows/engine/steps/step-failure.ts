import { AppError } from '@suite/http';

/** A step that cannot succeed by trying again (no phone number to text, a stage deleted): the run fails at once. */
export class StepFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StepFailure';
  }
}

/**
 * Whether a failed step is worth retrying. A refusal of the platform's own rules (AppError: a
 * stage or user that no longer exists, a list gone) will refuse again; a database hiccup, a
 * lock timeout or a restart will not.
 */
export function isPermanentStepError(error: unknown): boolean {
  if (error instanceof StepFailure) return true;
  return error instanceof AppError && error.kind !== 'unavailable';
}

/** The message a run's log keeps for an error (bounded). */
export function stepErrorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 1000);
}
