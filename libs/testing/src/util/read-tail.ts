import { open } from 'node:fs/promises';

/** The last `maxBytes` of a file as text ('' when it does not exist), for error messages. */
export async function readTail(file: string, maxBytes = 8192): Promise<string> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch {
    return '';
  }
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, maxBytes);
    const buffer = Buffer.alloc(length);
    await handle.read(buffer, 0, length, size - length);
    return buffer.toString('utf8');
  } finally {
    await handle.close();
  }
}
