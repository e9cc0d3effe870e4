import { BadRequestException } from '@nestjs/common';
import { toErrorBody } from './http-exception.filter';

const SERVER_ERROR = {
  statusCode: 500,
  error: 'Internal Server Error',
  message: 'Something went wrong on our side. Please try again; if it keeps happening, check the server log.',
};

describe('toErrorBody', () => {
  it('should answer an HttpException with its status, message and field errors', () => {
    expect(toErrorBody(new BadRequestException({ message: 'name is required', errors: [{ field: 'name', message: 'is required' }] }))).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'name is required',
      errors: [{ field: 'name', message: 'is required' }],
    });
  });

  it("should answer the body parser's client errors with their status, in words", () => {
    const tooLarge = Object.assign(new Error('request entity too large'), { status: 413, statusCode: 413, expose: true, type: 'entity.too.large' });
    expect(toErrorBody(tooLarge)).toEqual({ statusCode: 413, error: 'Payload Too Large', message: 'The request body is too large.' });
  });

  it('should answer 500, blaming nothing on the request, for any other error carrying a 4xx status', () => {
    const sdkError = Object.assign(new Error('401 Incorrect API key provided: sk-…'), { status: 401 });
    const driverError = Object.assign(new Error('invalid input syntax for type uuid'), { status: 400, code: '22P02' });
    expect(toErrorBody(sdkError)).toEqual(SERVER_ERROR);
    expect(toErrorBody(driverError)).toEqual(SERVER_ERROR);
  });

  it('should answer 500 for a database error', () => {
    expect(toErrorBody(Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505', severity: 'ERROR' }))).toEqual(SERVER_ERROR);
  });
});
