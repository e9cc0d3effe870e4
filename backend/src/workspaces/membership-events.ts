import { EventEmitter } from 'node:events';

/**
 * A person's memberships changed (one joined, made, left or renamed, a new role): the sessions
 * service forgets what it remembers of them, their workspaces included. Every such write emits it.
 */
export class MembershipEvents extends EventEmitter<{ changed: [userId: string] }> {}
