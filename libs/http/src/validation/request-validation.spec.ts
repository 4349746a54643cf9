import type { ArgumentMetadata } from '@nestjs/common';
import { Type } from 'class-transformer';
import { ArrayNotEmpty, IsArray, IsIn, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { AppError } from '../errors/app-error';
import { createValidationPipe } from './request-validation';
import { IsIntInRange, IsNotBlank, IsOmittable } from './validators';

class Address {
  @IsString()
  @IsNotBlank()
  @MaxLength(100)
  city!: string;
}

/** Fields written the way the apps' DTOs write them (a webhook's title, a list's limit, …). */
class Sample {
  @IsString()
  @IsNotBlank()
  @MaxLength(255)
  title!: string;

  @IsOptional()
  @Type(() => Number)
  @IsIntInRange(1, 200, { message: 'limit must be an integer between 1 and 200' })
  limit?: number;

  @IsArray()
  @ArrayNotEmpty()
  @IsIn(['a', 'b'], { each: true })
  kinds!: string[];

  @IsOmittable()
  @IsIn(['POST'])
  method?: string;

  @IsOmittable()
  @ValidateNested()
  @Type(() => Address)
  address?: Address;
}

const VALID = { title: 'CRM sync', kinds: ['a'] };

/** The `invalid` error's fields and message, as the app's filter gets them. */
async function refusal(body: Record<string, unknown>): Promise<{ fields: Record<string, string[]>; message: string }> {
  const metadata: ArgumentMetadata = { type: 'body', metatype: Sample };
  try {
    await createValidationPipe().transform(body, metadata);
  } catch (error) {
    if (error instanceof AppError) return { fields: error.fields, message: error.message };
    throw error;
  }
  throw new Error('the body was accepted');
}

/** One sentence per failing field (issue 27): the API's error body lists what to fix once. */
describe('createValidationPipe: one sentence per failing field', () => {
  it('says a required field left out is required, not every rule its absence breaks', async () => {
    await expect(refusal({ kinds: ['a'] })).resolves.toEqual({
      fields: { title: ['title is required'] },
      message: 'title is required',
    });
    await expect(refusal({})).resolves.toEqual({
      fields: { title: ['title is required'], kinds: ['kinds is required'] },
      message: 'title is required; kinds is required',
    });
  });

  it('gives a rule repeated under one message once (limit=abc)', async () => {
    await expect(refusal({ ...VALID, limit: 'abc' })).resolves.toEqual({
      fields: { limit: ['limit must be an integer between 1 and 200'] },
      message: 'limit must be an integer between 1 and 200',
    });
  });

  it('names the shape first when a value is of the wrong kind', async () => {
    await expect(refusal({ ...VALID, title: 42 })).resolves.toMatchObject({ fields: { title: ['title must be a string'] } });
    await expect(refusal({ ...VALID, kinds: 'a' })).resolves.toMatchObject({ fields: { kinds: ['kinds must be an array'] } });
  });

  it('gives the one rule broken by a value of the right kind', async () => {
    await expect(refusal({ ...VALID, title: '   ' })).resolves.toMatchObject({ fields: { title: ['title must not be blank'] } });
    await expect(refusal({ ...VALID, title: 'x'.repeat(256) })).resolves.toMatchObject({
      fields: { title: ['title must be shorter than or equal to 255 characters'] },
    });
    await expect(refusal({ ...VALID, kinds: [] })).resolves.toMatchObject({ fields: { kinds: ['kinds should not be empty'] } });
  });

  it('keeps null apart from missing: an omittable field sent as null is refused for its value', async () => {
    const { fields } = await refusal({ ...VALID, method: null });
    expect(fields).toEqual({ method: [expect.stringMatching(/^method must be one of/)] });
  });

  it('says which nested field is required, under its path', async () => {
    await expect(refusal({ ...VALID, address: {} })).resolves.toMatchObject({ fields: { 'address.city': ['city is required'] } });
  });

  it('refuses an unknown field in one sentence', async () => {
    await expect(refusal({ ...VALID, extra: 1 })).resolves.toEqual({
      fields: { extra: ['property extra should not exist'] },
      message: 'property extra should not exist',
    });
  });
});
