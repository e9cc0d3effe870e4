import type { Role } from '@quire/shared';

/** GET /api/invitations: an invitation not taken up yet. */
export interface Invitation {
  id: string;
  _id: string;
  email: string;
  role: Role;
  /** The name of who invited them (null once that person is gone). */
  invited_by: string | null;
  created_at: string;
  expires_at: string;
  status: 'pending' | 'expired';
}
