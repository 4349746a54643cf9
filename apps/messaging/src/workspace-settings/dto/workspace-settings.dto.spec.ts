import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { PutWorkspaceSettingsRequest } from './workspace-settings.dto';

const problems = async (body: object) =>
  (await validate(plainToInstance(PutWorkspaceSettingsRequest, body))).map((error) => error.property);

describe('PutWorkspaceSettingsRequest send window', () => {
  it('accepts 24:00 as the end (until midnight): 00:00–24:00 is any time of day', async () => {
    await expect(problems({ send_window_start: '00:00', send_window_end: '24:00' })).resolves.toEqual([]);
    await expect(problems({ send_window_end: '23:59' })).resolves.toEqual([]);
  });

  it.each([
    { send_window_start: '24:00' },
    { send_window_end: '24:01' },
    { send_window_end: '25:00' },
    { send_window_end: '9:00' },
  ])('refuses %j', async (body) => {
    await expect(problems(body)).resolves.toEqual([Object.keys(body)[0]]);
  });
});
