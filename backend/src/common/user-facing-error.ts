/**
 * A failure whose message is written for the operator: it says what went wrong and what to do, and
 * holds nothing private, so History, Home and a job's message show it as it is. Plain TypeScript
 * (no NestJS), so the framework-free engines in training-data/ can throw one too.
 */
export class UserFacingError extends Error {}
