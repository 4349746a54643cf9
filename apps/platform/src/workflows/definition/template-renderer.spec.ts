import { isKnownTemplatePath, renderTemplate, type TemplateContext, templatePaths } from './template-renderer';

const context: TemplateContext = {
  contact: {
    first_name: 'Ada',
    last_name: 'Lovelace',
    full_name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: '+15550100',
    source: null,
    custom_fields: { plan: 'gold', seats: 3, vip: true, nested: { a: 1 }, list: [1], huge: Number.POSITIVE_INFINITY },
  },
  company: { name: 'Acme' },
};

describe('renderTemplate', () => {
  it('fills contact fields, custom fields and the company name, with or without spaces', () => {
    expect(renderTemplate('Hi {{ contact.first_name }} {{contact.last_name}} from {{company.name}}', context, 100)).toBe(
      'Hi Ada Lovelace from Acme',
    );
    expect(
      renderTemplate(
        '{{contact.custom_fields.plan}}/{{ contact.custom_fields.seats }}/{{contact.custom_fields.vip}}',
        context,
        100,
      ),
    ).toBe('gold/3/true');
  });

  it('uses the default when the value is empty or missing', () => {
    expect(renderTemplate('Hi {{contact.source | default: "there"}}', context, 100)).toBe('Hi there');
    expect(renderTemplate('{{ contact.custom_fields.missing | default: "say \\"hi\\"" }}', context, 100)).toBe('say "hi"');
    expect(renderTemplate('{{contact.first_name | default: "there"}}', context, 100)).toBe('Ada');
  });

  it('renders unknown paths and non-scalar values as empty text', () => {
    expect(
      renderTemplate(
        '[{{contact.x}}][{{contact.custom_fields.nested}}][{{contact.custom_fields.list}}][{{contact.custom_fields.huge}}]',
        context,
        100,
      ),
    ).toBe('[][][][]');
    expect(renderTemplate('[{{ company.name }}]', { contact: context.contact }, 100)).toBe('[]');
  });

  it('gives no access to prototypes or constructors', () => {
    const template =
      '[{{contact.__proto__}}][{{contact.constructor}}][{{contact.custom_fields.__proto__}}]' +
      '[{{contact.custom_fields.constructor}}][{{contact.custom_fields.toString}}][{{constructor.name}}]';
    expect(renderTemplate(template, context, 500)).toBe('[][][][][][]');
  });

  it('leaves malformed tags as literal text', () => {
    expect(renderTemplate('Hi {{ contact.first_name', context, 100)).toBe('Hi {{ contact.first_name');
    expect(renderTemplate('{{ contact.first_name ; alert(1) }} {{}}', context, 100)).toBe(
      '{{ contact.first_name ; alert(1) }} {{}}',
    );
  });

  it('caps the output at a code point boundary', () => {
    expect(renderTemplate('{{contact.full_name}}', context, 3)).toBe('Ada');
    // '😀' is two UTF-16 units: cutting after its first one would leave a lone surrogate.
    expect(renderTemplate('ab😀', context, 3)).toBe('ab');
    expect(renderTemplate('ab😀', context, 4)).toBe('ab😀');
    expect(renderTemplate('abc', context, 0)).toBe('');
  });

  it('strips NUL and lone surrogates from inserted values', () => {
    const hostile: TemplateContext = { contact: { ...context.contact, first_name: 'A\u0000d\ud800a' } };
    expect(renderTemplate('{{contact.first_name}}', hostile, 100)).toBe('Ad\ufffda');
  });

  it('stays fast on hostile templates', () => {
    const started = Date.now();
    renderTemplate('{{ '.repeat(5000) + '{{ contact.first_name | default: "' + 'a'.repeat(5000), context, 10_000);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('templatePaths', () => {
  it('lists each path named once, in order', () => {
    expect(templatePaths('{{contact.first_name}} {{ company.name }} {{contact.first_name | default: "x"}} {{ bad')).toEqual([
      'contact.first_name',
      'company.name',
    ]);
  });
});

describe('isKnownTemplatePath', () => {
  it.each(['contact.first_name', 'contact.full_name', 'contact.custom_fields.plan_2', 'company.name'])('knows %s', (path) => {
    expect(isKnownTemplatePath(path)).toBe(true);
  });

  it.each([
    'contact',
    'contact.x',
    'contact.__proto__',
    'contact.custom_fields',
    'contact.custom_fields.a.b',
    'company',
    'user.name',
  ])('does not know %s', (path) => {
    expect(isKnownTemplatePath(path)).toBe(false);
  });
});
