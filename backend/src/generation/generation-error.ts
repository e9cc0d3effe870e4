/** A failure a person can act on; its message goes to History (or a preview) as it is. */
export class GenerationError extends Error {}
