import { AppError, UploadedFile, untrustedInputError } from '@suite/http';

/** The form field an uploaded package comes in, and its largest size. */
export const PACKAGE_FILE_FIELD = 'file';
export const PACKAGE_FILE_MAX_BYTES = 1024 * 1024;
/** The import routes (and their alias), as the router declares them: the only ones taking multipart/form-data. */
export const PACKAGE_IMPORT_PATHS = ['/api/Workflow/import', '/api/Workflow/builder/import'];

/**
 * What an import request carries, before parsePackage reads it: a JSON body as parsed (and
 * already checked by the body parser), or an uploaded file's JSON text, parsed here and given the
 * same check (NUL, lone surrogates, depth, size) a JSON body gets.
 */
export function importedJson(body: unknown): unknown {
  if (!(body instanceof UploadedFile)) return body;
  let value: unknown;
  try {
    value = JSON.parse(body.content.toString('utf8'));
  } catch {
    throw new AppError('invalid', 'The uploaded file is not valid JSON: send the export package file.', {
      [PACKAGE_FILE_FIELD]: ['must be JSON'],
    });
  }
  const problem = untrustedInputError(value, PACKAGE_FILE_FIELD);
  if (problem) throw problem;
  return value;
}
