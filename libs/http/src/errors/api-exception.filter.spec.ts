import { Logger, NotFoundException, type ArgumentsHost } from '@nestjs/common';
import { ApiExceptionFilter, type ApiFailure } from './api-exception.filter';
import { AppError } from './app-error';

/** The filter with a formatter that shows the failure as it got it, and a reply that records what was sent. */
function setup() {
  const sent: Array<{ status: number; body: unknown }> = [];
  const reply = {
    sent: false,
    raw: { headersSent: false },
    status: 0,
    headers: () => reply,
    code: (status: number) => Object.assign(reply, { status }),
    send: (body: unknown) => void sent.push({ status: reply.status, body }),
  };
  const host = { switchToHttp: () => ({ getResponse: () => reply }) } as unknown as ArgumentsHost;
  const filter = new ApiExceptionFilter((failure: ApiFailure) => ({ body: failure }));
  const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  return { sut: (error: unknown) => (filter.catch(error, host), sent.pop()!), logged };
}

describe('ApiExceptionFilter', () => {
  afterEach(() => jest.restoreAllMocks());

  it('answers an AppError with its kind’s status, fields kept', () => {
    const { sut } = setup();
    expect(sut(new AppError('invalid', 'name must not be blank', { name: ['name must not be blank'] }))).toEqual({
      status: 400,
      body: { status: 400, message: 'name must not be blank', fields: { name: ['name must not be blank'] }, code: undefined },
    });
  });

  it('keeps an HttpException’s status', () => {
    const { sut } = setup();
    expect(sut(new NotFoundException('Cannot GET /nowhere'))).toMatchObject({ status: 404 });
  });

  it('answers Fastify’s own 4xx with our sentence, not its FST_ text', () => {
    const { sut, logged } = setup();
    const error = Object.assign(new Error('FST_ERR_CTP_INVALID_CONTENT_LENGTH: Request body size did not match Content-Length'), {
      code: 'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
      statusCode: 400,
    });
    expect(sut(error)).toEqual({ status: 400, body: { status: 400, message: 'The request could not be read.', fields: {} } });
    expect(logged).not.toHaveBeenCalled();
  });

  it('answers a client that left mid-body (Node’s aborted) with 400, without logging an unhandled error', () => {
    const { sut, logged } = setup();
    const aborted = Object.assign(new Error('aborted'), { code: 'ECONNRESET', statusCode: 400 });
    expect(sut(aborted)).toMatchObject({
      status: 400,
      body: { message: 'The client closed the connection before its request arrived.' },
    });
    expect(logged).not.toHaveBeenCalled();
  });

  it('answers anything else with 500 and an error id, logging the error with that id', () => {
    const { sut, logged } = setup();
    const answer = sut(new TypeError('x is undefined'));
    expect(answer).toMatchObject({
      status: 500,
      body: { message: expect.stringMatching(/^Internal error \(error id [0-9a-f-]{36}\)\.$/) },
    });
    expect(logged).toHaveBeenCalledTimes(1);
  });
});
