/**
 * The success body of the platform API (and webhook management, which shares its shape): the spec
 * says responses "usually carry `success`, often `message` and `data`". Keys come in that order,
 * whichever are given, so every route writes the same bytes for the same answer.
 *
 *   return success({ message: 'Team deleted successfully.' });
 *   return success({ data: page(records, total, query.pageRequest()) });
 */
export function success<T>(parts: { message: string; data: T }): { success: true; message: string; data: T };
export function success<T>(parts: { data: T }): { success: true; data: T };
export function success(parts: { message: string }): { success: true; message: string };
export function success(parts: { message?: string; data?: unknown }): { success: true; message?: string; data?: unknown } {
  return {
    success: true,
    ...('message' in parts ? { message: parts.message } : {}),
    ...('data' in parts ? { data: parts.data } : {}),
  };
}
