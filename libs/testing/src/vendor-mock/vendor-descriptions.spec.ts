import { correctForPrism, loadVendorDescription, type OpenApiDocument } from './vendor-descriptions';

describe('correctForPrism', () => {
  it('declares form/explode for the array properties of Twilio form bodies', () => {
    const document = correctForPrism(loadVendorDescription('twilio_api_v2010'));
    const form = operationForm(document, '/2010-04-01/Accounts/{AccountSid}/Messages.json', 'post');
    expect(form.encoding?.MediaUrl).toEqual({ style: 'form', explode: true });
    expect(form.encoding?.To).toBeUndefined();
  });

  it('counts the Twilio form arrays SOURCES.md names (ten)', () => {
    const document = correctForPrism(loadVendorDescription('twilio_api_v2010'));
    const encoded = Object.values(document.paths ?? {}).flatMap((item) =>
      Object.values(item ?? {}).flatMap((operation) => {
        const encoding = (operation as { requestBody?: { content?: Record<string, { encoding?: object }> } })?.requestBody
          ?.content?.['application/x-www-form-urlencoded']?.encoding;
        return Object.keys(encoding ?? {});
      }),
    );
    expect(encoded).toHaveLength(10);
  });

  it('drops an explicit null from the enums of nullable Retell schemas, and leaves the rest', () => {
    const before = JSON.stringify(loadVendorDescription('retell_openapi'));
    const document = correctForPrism(loadVendorDescription('retell_openapi'));
    const offenders: unknown[] = [];
    walk(document, (node) => {
      if (node.nullable === true && Array.isArray(node.enum) && node.enum.includes(null)) offenders.push(node);
    });
    expect(offenders).toEqual([]);
    let corrected = 0;
    walk(JSON.parse(before) as object, (node) => {
      if (node.nullable === true && Array.isArray(node.enum) && node.enum.includes(null)) corrected++;
    });
    expect(corrected).toBe(5);
  });
});

function operationForm(document: OpenApiDocument, path: string, method: string): { encoding?: Record<string, unknown> } {
  const operation = document.paths?.[path]?.[method] as {
    requestBody: { content: Record<string, { encoding?: Record<string, unknown> }> };
  };
  return operation.requestBody.content['application/x-www-form-urlencoded'];
}

function walk(node: unknown, visit: (node: { nullable?: unknown; enum?: unknown }) => void): void {
  if (Array.isArray(node)) return node.forEach((child) => walk(child, visit));
  if (node === null || typeof node !== 'object') return;
  visit(node as { nullable?: unknown; enum?: unknown });
  Object.values(node).forEach((child) => walk(child, visit));
}
