import { UserFacingError } from '../common/user-facing-error';

/** A failure a person can act on; its message goes to History as it is. */
export class GenerationError extends UserFacingError {}
