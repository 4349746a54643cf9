import { chooserPage, companyChoiceLabels } from './pages';

describe('the company chooser page', () => {
  it('labels each account by its company name, sorted; two companies of one name are told apart by id', () => {
    expect(
      companyChoiceLabels([
        { userId: '9', companyId: '44', companyName: 'Bolt Dental' },
        { userId: '7', companyId: '42', companyName: 'Acme' },
        { userId: '8', companyId: '43', companyName: 'Acme' },
      ]),
    ).toEqual([
      { userId: '7', label: 'Acme (company 42)' },
      { userId: '8', label: 'Acme (company 43)' },
      { userId: '9', label: 'Bolt Dental' },
    ]);
  });

  it('posts the user id of the chosen account with the CSRF token and the request, escaping every name', () => {
    const page = chooserPage({
      clientName: 'CRM <b>',
      hidden: { client_id: 'c"1', state: undefined },
      csrfToken: 'tok',
      companies: [{ userId: '7', companyId: '42', companyName: '<script>x</script>' }],
      nonce: 'n',
    });
    expect(page.status).toBe(200);
    expect(page.html).toContain('<form method="post" action="/login/oauth/choose">');
    expect(page.html).toContain('<input type="hidden" name="csrf_token" value="tok">');
    expect(page.html).toContain('<input type="hidden" name="client_id" value="c&quot;1">');
    expect(page.html).toContain('<button type="submit" name="user_id" value="7">&lt;script&gt;x&lt;/script&gt;</button>');
    expect(page.html).toContain('with CRM &lt;b&gt;?');
    expect(page.html).not.toContain('<script>');
    expect(page.html).toContain('<button type="submit" name="decision" value="cancel">Sign in with another account</button>');
  });
});
