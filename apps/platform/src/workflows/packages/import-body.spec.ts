import { UploadedFile } from '@suite/http';
import { importedJson } from './import-body';

describe('importedJson', () => {
  it('passes a JSON body through and parses an uploaded file', () => {
    const body = { schema: 'service.workflow.export' };
    expect(importedJson(body)).toBe(body);
    expect(importedJson(new UploadedFile('w.json', Buffer.from(JSON.stringify(body))))).toEqual(body);
  });

  it('refuses a file that is not JSON, or holds NUL, with a 400 naming the file field', () => {
    for (const text of ['{nope', JSON.stringify({ name: 'a\u0000b' })]) {
      expect(() => importedJson(new UploadedFile('w.json', Buffer.from(text)))).toThrow(
        expect.objectContaining({ kind: 'invalid' }),
      );
    }
  });
});
