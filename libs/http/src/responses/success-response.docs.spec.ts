import { Controller, Get, Module, Post, Query, type INestApplication } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import type { FastifyInstance } from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ANSWER_RECORDING_VARIABLE } from '@suite/contracts';
import { checkRecordedAnswers } from '@suite/testing';
import { createApp } from '../bootstrap/create-app';
import { loggerModule } from '@suite/observability';
import { PaginatedResponse } from './paginated-response.docs';
import { paginated } from './pagination';
import { success } from './success-envelope';
import { ApiSuccessResponse, successBodySchema } from './success-response.docs';

class RowResponse {
  @ApiProperty({ type: 'integer' }) id!: number;
  @ApiProperty({ type: String, nullable: true }) note!: string | null;
}

const row = (id: number): RowResponse => ({ id, note: id % 2 ? null : 'even' });
const page = (n: number) => ({ page: n, perPage: 2, offset: (n - 1) * 2 });

/** Each shape `success(...)` writes, documented with the helpers; and one route that writes more than it documents. */
@Controller('rows')
class RowsController {
  @Get()
  @ApiSuccessResponse({ data: [RowResponse] })
  list() {
    return success({ data: [row(1), row(2)] });
  }

  @Post()
  @ApiSuccessResponse({ status: 201, message: 'Row created.', data: RowResponse })
  create() {
    return success({ message: 'Row created.', data: row(3) });
  }

  @Get('pages')
  @ApiSuccessResponse({ data: PaginatedResponse(RowResponse) })
  pages(@Query('page') n: string) {
    return success({ data: n === '9' ? paginated([], 3, page(9)) : paginated([row(1), row(2)], 3, page(1)) });
  }

  @Post('leaky')
  @ApiSuccessResponse({ status: 201, message: 'Done.' })
  leaky() {
    return success({ message: 'Done.', data: row(4) });
  }
}

@Module({ imports: [loggerModule('envelope-test', 'silent')], controllers: [RowsController] })
class RowsModule {}

describe('successBodySchema', () => {
  it('requires success (true) and whichever of message and data the route writes, and nothing else', () => {
    expect(successBodySchema({ message: 'Team deleted successfully.' })).toEqual({
      type: 'object',
      required: ['success', 'message'],
      properties: {
        success: { type: 'boolean', enum: [true] },
        message: { type: 'string', example: 'Team deleted successfully.' },
      },
    });
    expect(successBodySchema({ data: [RowResponse] })).toEqual({
      type: 'object',
      required: ['success', 'data'],
      properties: {
        success: { type: 'boolean', enum: [true] },
        data: { type: 'array', items: { $ref: '#/components/schemas/RowResponse' } },
      },
    });
  });
});

describe('ApiSuccessResponse and PaginatedResponse (decision 0026)', () => {
  let dir: string;
  let app: INestApplication;
  const previous = process.env[ANSWER_RECORDING_VARIABLE];
  const inject = (method: 'GET' | 'POST', url: string) =>
    (app.getHttpAdapter().getInstance() as FastifyInstance).inject({ method, url });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'envelope-spec-'));
    process.env[ANSWER_RECORDING_VARIABLE] = dir;
    app = await createApp(RowsModule, {
      appName: 'envelope-test',
      formatError: (failure) => ({ body: { error: failure.message } }),
      openApi: {
        title: 'Rows',
        description: 'Rows',
        version: '1',
        errorBody: { type: 'object', required: ['error'], properties: { error: { type: 'string' } } },
      },
    });
  });

  afterAll(async () => {
    await app?.close();
    if (previous === undefined) delete process.env[ANSWER_RECORDING_VARIABLE];
    else process.env[ANSWER_RECORDING_VARIABLE] = previous;
    await rm(dir, { recursive: true, force: true });
  });

  it('puts the data classes among the schemas, a page as <Row>Page with its pagination', async () => {
    const schemas = (await inject('GET', '/docs-json')).json().components.schemas;
    expect(Object.keys(schemas)).toEqual(expect.arrayContaining(['RowResponse', 'RowResponsePage', 'PaginationResponse']));
    expect(schemas.RowResponsePage.required).toEqual(['records', 'pagination']);
    expect(PaginatedResponse(RowResponse)).toBe(PaginatedResponse(RowResponse));
  });

  it('documents what success(...) and paginated(...) write: their answers pass the contract check, a field more does not', async () => {
    for (const [method, url] of [
      ['GET', '/rows'],
      ['POST', '/rows'],
      ['GET', '/rows/pages'],
      ['GET', '/rows/pages?page=9'],
      ['POST', '/rows/leaky'],
    ] as const) {
      expect((await inject(method, url)).statusCode).toBeLessThan(300);
    }

    const report = await checkRecordedAnswers(dir);
    expect(report.problems.map((problem) => problem.split('\n')[0])).toEqual([
      'envelope-test POST /rows/leaky → 201 application/json; charset=utf-8: the body does not match the documented schema: ' +
        '(body) must NOT have additional properties "data"',
    ]);
    expect(report.operations).toBe(4);
  });
});
