export const SERVER_NODE_FLAGS: string[];
/** `node` arguments that start the built server of the project at `root`. */
export function serverArgs(root: string): string[];
