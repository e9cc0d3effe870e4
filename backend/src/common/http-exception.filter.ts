import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { STATUS_CODES } from 'node:http';
import type { Response } from 'express';
import { IntegrationError } from './integration-error';

export interface FieldError {
  field: string;
  message: string;
}

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  errors?: FieldError[];
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
  // Errors raised by Express middleware (body parser) carry their own 4xx status.
  const status = (exception as { status?: unknown; statusCode?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const type = (exception as { type?: string }).type;
    const message =
      type === 'entity.too.large'
        ? 'The request body is too large.'
        : type === 'entity.parse.failed'
          ? 'The request body is not valid JSON.'
          : (STATUS_CODES[status] ?? 'Bad request');
    return { statusCode: status, error: STATUS_CODES[status] ?? 'Error', message };
  }
  return {
    statusCode: HttpStatus.INTERNAL_SERVER_ERROR,
    error: 'Internal Server Error',
    message: 'Something went wrong on our side. Please try again; if it keeps happening, check the server log.',
  };
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
    response.status(body.statusCode).json(body);
  }
}
