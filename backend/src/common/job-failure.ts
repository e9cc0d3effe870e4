import { HttpException } from '@nestjs/common';
import { storableMessage } from './storable-text';
import { UserFacingError } from './user-facing-error';

/** The one rule for whether an error's message is for people: a UserFacingError, or an HttpException (its message is the API's answer). */
export function isForPeople(error: unknown): error is Error {
  return error instanceof UserFacingError || error instanceof HttpException;
}

/**
 * What a failed job shows (History, Home): the message of an error written for people; for any
 * other error only that something unexpected happened, because its text may hold anything (an
 * SDK's echo of a header, a secret). The log has the whole error, redacted.
 */
export function failureMessage(error: unknown): string {
  if (isForPeople(error)) return storableMessage(error.message);
  const kind = error instanceof Error ? error.name : typeof error;
  return `Unexpected error (${kind}); the server log has the details.`;
}
