import { erasureMentions } from './erasure-mentions';

describe('erasureMentions', () => {
  it('names the number, the email and the full name', () => {
    expect(erasureMentions({ phone: '+14155550100', email: 'jane@example.com', first_name: 'Jane', last_name: 'Doe' })).toEqual([
      '+14155550100',
      'jane@example.com',
      'Jane Doe',
    ]);
  });

  it('never a first name alone: it would match strangers', () => {
    expect(erasureMentions({ phone: null, email: null, first_name: 'Jane', last_name: null })).toEqual([]);
    expect(erasureMentions({ phone: null, email: null, first_name: null, last_name: null })).toEqual([]);
  });
});
