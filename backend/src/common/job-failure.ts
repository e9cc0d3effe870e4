import { storableMessage } from './storable-text';

/**
 * What a failed job shows (History, Home): the message of an error written for people; for any
 * other error only that something unexpected happened, because its text may hold anything (an
 * SDK's echo of a header, a secret). The log has the whole error, redacted.
 */
export function failureMessage(error: unknown, writtenForPeople: (error: unknown) => boolean): string {
  if (writtenForPeople(error)) return storableMessage((error as Error).message);
  const kind = error instanceof Error ? error.name : typeof error;
  return `Unexpected error (${kind}); the server log has the details.`;
}
