import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { STATUS_CODES } from 'node:http';
import type { Response } from 'express';
import { IntegrationError } from './integration-error';
import { requestIdOf } from './logging';

export interface FieldError {
  field: string;
  message: string;
}

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  errors?: FieldError[];
  /** The request's id, as in its x-request-id header and its log line. */
  requestId?: string;
}

/** Answers an error body with the request's id in it, as every error answer carries it. */
export function answerError(res: Response, body: ErrorBody): void {
  const requestId = requestIdOf(res.req);
  res.status(body.statusCode).json(requestId ? { ...body, requestId } : body);
}

/** Turns any error into the API's one error shape; unexpected errors are logged, never echoed. */
export function toErrorBody(exception: unknown): ErrorBody {
  if (exception instanceof HttpException) {
    const statusCode = exception.getStatus();
    const response = exception.getResponse();
    const body: ErrorBody = { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message: exception.message };
    if (typeof response === 'object' && response !== null) {
      const { message, errors } = response as { message?: unknown; errors?: FieldError[] };
      if (typeof message === 'string') body.message = message;
      else if (Array.isArray(message)) body.message = message.join('; ');
      if (Array.isArray(errors)) body.errors = errors;
    } else if (typeof response === 'string') {
      body.message = response;
    }
    return body;
  }
  // Express middleware (the body parser) raises http-errors, marked `expose` when the client is at
  // fault. Any other error with a `status` (an SDK's, a driver's) is ours: it is never blamed on the request.
  const { status, expose } = (exception ?? {}) as { status?: unknown; expose?: unknown };
  if (expose === true && typeof status === 'number' && status >= 400 && status < 500) {
    return { statusCode: status, error: STATUS_CODES[status] ?? 'Error', message: bodyParserMessage(exception as BodyParserError) };
  }
  return {
    statusCode: HttpStatus.INTERNAL_SERVER_ERROR,
    error: 'Internal Server Error',
    message: 'Something went wrong on our side. Please try again; if it keeps happening, check the server log.',
  };
}

interface BodyParserError {
  status: number;
  type?: string;
  code?: string;
  charset?: string;
  encoding?: string;
}

/** What was wrong with the request body, in words (body-parser's own messages are terse or technical). */
function bodyParserMessage(error: BodyParserError): string {
  switch (error.type) {
    case 'entity.too.large':
      return 'The request body is too large.';
    case 'entity.parse.failed':
      return 'The request body is not valid JSON.';
    case 'charset.unsupported':
      return `The request body's charset ${JSON.stringify(error.charset ?? '')} is not supported; send UTF-8.`;
    case 'encoding.unsupported':
      return `The Content-Encoding ${JSON.stringify(error.encoding ?? '')} is not supported; send the body as is, or gzip, deflate or br.`;
    case 'request.size.invalid':
      return 'The request body is not as long as its Content-Length says.';
    case 'request.aborted':
      return 'The request body was not received completely.';
  }
  // zlib's errors: a body that says it is compressed but cannot be decompressed.
  if (error.code?.startsWith('Z_')) return 'The request body could not be decompressed as its Content-Encoding says.';
  return STATUS_CODES[error.status] ?? 'Bad request';
}

@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const body = toErrorBody(exception);
    if (exception instanceof IntegrationError) {
      this.logger.warn(body.message);
    } else if (body.statusCode >= 500) {
      this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    }
    const response = host.switchToHttp().getResponse<Response>();
    if (response.headersSent) return;
    answerError(response, body);
  }
}
