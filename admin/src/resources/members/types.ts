import type { Role } from '@quire/shared';
import type { Api } from '../../api/client';

/** GET /api/members: a person in the current workspace (`_id` is the person's id). */
export type Member = Api<'MemberResponse'>;

/** The roles as an owner offers them, most rights first. */
export const ROLE_CHOICES: Role[] = ['owner', 'editor', 'viewer'];
