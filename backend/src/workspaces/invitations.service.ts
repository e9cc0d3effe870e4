import { ConflictException, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { atLeast, type Role } from '@quire/shared';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { isAllowedEmail } from '../config/allowed-email';
import type { AuthUser } from './current-user';
import { ListQuery, Page } from '../common/list-query';
import { InvitationResponse, toInvitationResponse } from './workspaces.dto';
import { InvitationsRepository } from './invitations.repository';
import { MembersRepository } from './members.repository';

/** How long an invitation waits for its person's sign-in. */
export const INVITATION_DAYS = 14;

/**
 * The rules of invitations: only for people who may sign in (Google sign-in, the allow-list),
 * never a role above the inviter's own, one per email; accepted at that person's next sign-in.
 */
@Injectable()
export class InvitationsService {
  constructor(
    private readonly invitations: InvitationsRepository,
    private readonly members: MembersRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(user: AuthUser, query: ListQuery): Promise<Page<InvitationResponse>> {
    const page = await this.invitations.invitations(user.workspaceId, query);
    const now = new Date();
    return { ...page, rows: page.rows.map((row) => toInvitationResponse(row, now)) };
  }

  async get(user: AuthUser, id: string): Promise<InvitationResponse> {
    const row = await this.invitations.invitation(user.workspaceId, id);
    if (!row) throw new NotFoundException('Invitation not found.');
    return toInvitationResponse(row);
  }

  async invite(user: AuthUser, email: string, role: Role, now = new Date()): Promise<InvitationResponse> {
    if (this.config.authMode !== 'google') {
      throw new ConflictException('Invitations need Google sign-in: in local sign-in mode there is one operator and one workspace.');
    }
    if (!atLeast(user.role, role)) throw new ForbiddenException(`You cannot grant a role above your own (${user.role}).`);
    if (!isAllowedEmail(this.config, email)) {
      throw new ConflictException(`${email} may not sign in to Quire (ALLOWED_EMAILS, ALLOWED_EMAIL_DOMAINS), so they could never accept.`);
    }
    if (await this.members.memberByEmail(user.workspaceId, email)) throw new ConflictException(`${email} is already a member of this workspace.`);
    const row = await this.invitations.invite({
      workspaceId: user.workspaceId,
      email,
      role,
      invitedBy: user.id,
      expiresAt: new Date(now.getTime() + INVITATION_DAYS * 24 * 60 * 60 * 1000),
    });
    if (!row) throw new ConflictException(`${email} is already invited: revoke that invitation to invite them again.`);
    return this.get(user, row.id);
  }

  async revoke(user: AuthUser, id: string): Promise<InvitationResponse> {
    const invitation = await this.get(user, id);
    await this.invitations.revoke(user.workspaceId, id);
    return invitation;
  }
}
