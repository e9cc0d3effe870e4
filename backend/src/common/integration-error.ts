import { HttpException, HttpStatus } from '@nestjs/common';

/**
 * An outside service failed or refused. The message names the service and says what a person
 * can do about it; it answers 502 so callers can tell it from their own mistakes.
 */
export class IntegrationError extends HttpException {
  constructor(
    readonly service: 'OpenAI' | 'Notion' | 'Google',
    reason: string,
    readonly upstreamStatus?: number,
  ) {
    super(`${service}: ${reason}`, HttpStatus.BAD_GATEWAY);
  }
}
