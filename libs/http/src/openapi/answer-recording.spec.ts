import { Controller, Delete, Get, HttpCode, Module, Param, Post, type INestApplication } from '@nestjs/common';
import { ApiOkResponse, ApiProperty } from '@nestjs/swagger';
import type { FastifyInstance } from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createApp, type CreateAppOptions } from '../bootstrap/create-app';
import { AppError } from '../errors/app-error';
import { ApiErrors } from './api-errors.decorator';
import { openApiDocumentOf } from './document-preview';
import { ANSWER_RECORDING_VARIABLE } from '@suite/contracts';
import { checkRecordedAnswers, GLOBAL_SETUP_ANSWERS_VARIABLE } from '@suite/testing';
import { loggerModule } from '@suite/observability';

const SIZES = ['small', 'large'] as const;

class ThingResponse {
  @ApiProperty() id!: string;
  @ApiProperty({ type: String, nullable: true }) note!: string | null;
  @ApiProperty({ enum: SIZES, nullable: true }) size!: (typeof SIZES)[number] | null;
}

/** Routes whose answers are as documented, and three that are not. */
@Controller('things')
class ThingsController {
  @Get(':id')
  @ApiOkResponse({ type: ThingResponse })
  @ApiErrors(404)
  get(@Param('id') id: string): ThingResponse {
    if (id === 'missing') throw new AppError('not_found', 'No such thing.');
    return { id, note: id === 'noted' ? 'a note' : null, size: id === 'noted' ? 'small' : null };
  }

  @Post(':id/leaky')
  @HttpCode(200)
  @ApiOkResponse({ type: ThingResponse })
  leaky(@Param('id') id: string) {
    // A field the document does not show.
    return { id, note: null, size: null, secret: 'x' };
  }

  @Delete(':id')
  @ApiOkResponse({ type: ThingResponse })
  @ApiErrors(404)
  remove(@Param('id') id: string): ThingResponse {
    // A status the document does not show.
    throw new AppError('conflict', `Thing ${id} is in use.`);
  }
}

@Module({ imports: [loggerModule('contract-test', 'silent')], controllers: [ThingsController] })
class ThingsModule {}

const options: CreateAppOptions = {
  appName: 'contract-test',
  formatError: (failure) => ({ body: { error: failure.message } }),
  openApi: {
    title: 'Things',
    description: 'Things',
    version: '1',
    errorBody: { type: 'object', required: ['error'], properties: { error: { type: 'string' } } },
  },
};

describe('the OpenAPI contract check (decision 0026)', () => {
  let dir: string;
  let app: INestApplication;
  const previous = process.env[ANSWER_RECORDING_VARIABLE];
  const inject = (method: 'GET' | 'POST' | 'DELETE', url: string) =>
    (app.getHttpAdapter().getInstance() as FastifyInstance).inject({ method, url });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'contract-spec-'));
    process.env[ANSWER_RECORDING_VARIABLE] = dir;
    app = await createApp(ThingsModule, options);
  });

  afterAll(async () => {
    await app?.close();
    if (previous === undefined) delete process.env[ANSWER_RECORDING_VARIABLE];
    else process.env[ANSWER_RECORDING_VARIABLE] = previous;
    await rm(dir, { recursive: true, force: true });
  });

  it('records where global setup says (the variable is spelt out there)', () => {
    expect(GLOBAL_SETUP_ANSWERS_VARIABLE).toBe(ANSWER_RECORDING_VARIABLE);
  });

  it('documents the error body once and the errors every route can give on every operation', async () => {
    const document = (await inject('GET', '/docs-json')).json();
    expect(document.components.schemas.ApiError).toEqual(options.openApi.errorBody);
    expect(Object.keys(document.paths['/things/{id}'].get.responses).sort()).toEqual(['200', '400', '404', '414', '500']);
    // A nullable enum lists null: OpenAPI 3.0 admits null beside an enum only so (issue 27).
    expect(document.components.schemas.ThingResponse.properties.size).toMatchObject({
      enum: ['small', 'large', null],
      nullable: true,
    });
    expect(SIZES).toEqual(['small', 'large']);
    expect(document.paths['/things/{id}'].get.responses['404'].content).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/ApiError' } },
    });
  });

  it('builds the same document without starting the app (preview), as the typed-client check uses it', async () => {
    const served = (await inject('GET', '/docs-json')).json();
    await expect(openApiDocumentOf(() => createApp(ThingsModule, options))).resolves.toEqual(served);
  });

  it('passes answers as documented, and lists the undocumented status, the undocumented field and nothing else', async () => {
    expect((await inject('GET', '/things/noted')).statusCode).toBe(200);
    expect((await inject('GET', '/things/plain')).statusCode).toBe(200); // note and size: null, nullable
    expect((await inject('GET', '/things/missing')).statusCode).toBe(404);
    expect((await inject('GET', `/things/${'x'.repeat(101)}`)).statusCode).toBe(414);
    expect((await inject('GET', '/health/nowhere')).statusCode).toBe(404); // no route: not an operation's answer
    expect((await inject('POST', '/things/a/leaky')).statusCode).toBe(200);
    expect((await inject('DELETE', '/things/a')).statusCode).toBe(409);

    const report = await checkRecordedAnswers(dir);
    expect(report.problems.map((problem) => problem.split('\n')[0])).toEqual([
      'contract-test DELETE /things/{id} → 409 application/json; charset=utf-8: status 409 is not documented',
      'contract-test POST /things/{id}/leaky → 200 application/json; charset=utf-8: the body does not match the documented schema: ' +
        '(body) must NOT have additional properties "secret"',
    ]);
    expect(report.operations).toBe(3);
  });
});
