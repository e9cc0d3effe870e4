import type { Role } from '@quire/shared';

/** GET /api/members: a person in the current workspace (`_id` is the person's id). */
export interface Member {
  id: string;
  _id: string;
  name: string;
  email: string;
  avatar: string | null;
  role: Role;
  joined_at: string;
}

/** The roles as an owner offers them, most rights first. */
export const ROLE_CHOICES: Role[] = ['owner', 'editor', 'viewer'];
