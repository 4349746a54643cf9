import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error';

export interface FileUploadOptions {
  /** Route paths (exact, as declared: `/api/Workflow/import`) that take one file as multipart/form-data. */
  routes: readonly string[];
  /** The form field the file comes in. */
  field: string;
  /** Largest file accepted, in bytes: a larger one is 413. */
  maxFileBytes: number;
}

/**
 * A file sent as multipart/form-data to an upload route: what the route's handler receives as its
 * body instead of parsed JSON. The handler decodes the bytes itself (a package file is JSON text)
 * and must check what it decodes as it checks any body (untrustedInputError).
 */
export class UploadedFile {
  constructor(
    readonly filename: string,
    readonly content: Buffer,
  ) {}
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by the onRoute hook below on upload routes. */
    suiteFileUpload?: boolean;
  }
}

/** The error shape the API's exception filter recognises for body-level failures (body-parser's). */
const bodyError = (status: 413 | 415, type: string, message: string) => Object.assign(new Error(message), { status, type });

/**
 * multipart/form-data on the few routes that take a file upload (@fastify/multipart, which reads
 * the parts as a stream, bounded). Any other route answers a multipart body with 415, as before
 * the plugin: its DTOs read JSON only. On an upload route the one file of field `field` becomes
 * the body (`UploadedFile`); no file, another field, a second file or form fields are 400, a file
 * over `maxFileBytes` 413. JSON bodies on the same routes are parsed as on every route.
 */
export async function registerFileUploads(instance: FastifyInstance, options: FileUploadOptions): Promise<void> {
  instance.addHook('onRoute', (route) => {
    if (options.routes.includes(route.url)) route.config = { ...route.config, suiteFileUpload: true };
  });
  await instance.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: options.maxFileBytes, files: 1, fields: 0, parts: 1, fieldNameSize: 100, headerPairs: 100 },
  });
  instance.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    if (request.routeOptions.config?.suiteFileUpload !== true) {
      throw bodyError(415, 'unsupported.media.type', 'Unsupported content type: send application/json.');
    }
    request.body = await readUpload(request, options);
  });
}

async function readUpload(request: FastifyRequest, options: FileUploadOptions): Promise<UploadedFile> {
  const missing = () =>
    new AppError('invalid', `Send the file in the form field "${options.field}".`, { [options.field]: ['is required'] });
  try {
    const file = await request.file();
    if (!file || file.fieldname !== options.field) throw missing();
    return new UploadedFile(file.filename, await file.toBuffer());
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw bodyError(413, 'entity.too.large', `The file is larger than ${options.maxFileBytes} bytes.`);
    }
    throw new AppError('invalid', `The multipart body could not be read: send one file in the form field "${options.field}".`, {
      [options.field]: ['must be one file'],
    });
  }
}
