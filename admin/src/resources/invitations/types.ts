import type { Api } from '../../api/client';

/** GET /api/invitations: an invitation not taken up yet. */
export type Invitation = Api<'InvitationResponse'>;
