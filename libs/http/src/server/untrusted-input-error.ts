import { AppError } from '../errors/app-error';
import {
  describeInputProblem,
  DEFAULT_INPUT_LIMITS,
  inputProblemFields,
  inspectUntrusted,
  type InputLimits,
} from './untrusted-input';

/**
 * The 400 for a value that fails untrusted-input.ts, or undefined when it passes: an `invalid`
 * AppError, so each app's filter renders it in that API's error shape with the field named.
 */
export function untrustedInputError(value: unknown, root = '', limits: InputLimits = DEFAULT_INPUT_LIMITS): AppError | undefined {
  const problem = inspectUntrusted(value, limits, root);
  if (!problem) return undefined;
  return new AppError('invalid', describeInputProblem(problem, limits), inputProblemFields(problem, limits));
}
