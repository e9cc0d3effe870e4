/**
 * A reason the server will not start that the operator acts on (a database from a newer Quire, for
 * one). main.ts says it in one line, "Quire failed to start: …", and AppLogger leaves out the copy
 * with a stack that NestJS's ExceptionHandler would print first.
 */
export class StartRefusal extends Error {
  override name = 'StartRefusal';
}
