import type { Scope } from '../workspaces/scope';

/** What stands on a model provider: the workspace's models on it and the sections writing with them, by name. */
export interface ConnectionUse {
  models: string[];
  sections: string[];
}

/**
 * How removing a provider learns what uses it. The models and sections that do sit above
 * connections (they depend on it), so they provide this port (SectionsModule's ConnectionUsesModule)
 * and connections never imports them.
 */
export interface ConnectionUses {
  of(scope: Scope, connectionId: string): Promise<ConnectionUse>;
}

/** The injection token of the ConnectionUses the sections provide. */
export const CONNECTION_USES = Symbol('ConnectionUses');
