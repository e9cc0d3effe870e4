import { ConflictException, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { EventEmitter } from 'node:events';
import { atLeast, type Role } from '@quire/shared';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { isAllowedEmail } from '../auth/allowed-email';
import type { AuthUser } from '../auth/current-user';
import type { UserRow } from '../users/users.schema';
import { ListQuery, Page } from '../common/list-query';
import { AuditRepository } from './audit.repository';
import { InvitationResponse, MemberResponse, toInvitationResponse, toMemberResponse, toWorkspaceResponse, WorkspaceResponse } from './workspaces.dto';
import { WorkspacesRepository } from './workspaces.repository';

/** How long an invitation waits for its person's sign-in. */
export const INVITATION_DAYS = 14;

/**
 * A person's memberships changed (one joined, made, left or renamed, a new role): the sessions
 * service forgets what it remembers of them, their workspaces included. Every such write emits it.
 */
export class MembershipEvents extends EventEmitter<{ changed: [userId: string] }> {}

/**
 * The rules of workspaces, members and invitations (issue 28). The guard has already checked the
 * caller's role against the permission table; these are the rules beyond it: nobody grants a role
 * above their own, the last owner neither leaves nor is demoted, invitations only for people who
 * may sign in.
 */
@Injectable()
export class WorkspacesService {
  constructor(
    private readonly workspaces: WorkspacesRepository,
    private readonly audit: AuditRepository,
    private readonly events: MembershipEvents,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(user: AuthUser): Promise<WorkspaceResponse[]> {
    return (await this.workspaces.listForUser(user.id)).map(toWorkspaceResponse);
  }

  async get(user: AuthUser, id: string): Promise<WorkspaceResponse> {
    const found = (await this.workspaces.listForUser(user.id)).find((workspace) => workspace.id === id);
    if (!found) throw new NotFoundException('Workspace not found.');
    return toWorkspaceResponse(found);
  }

  /** A new workspace; its maker is its owner. */
  async create(user: AuthUser, name: string): Promise<WorkspaceResponse> {
    const row = await this.workspaces.create(name, user.id);
    this.events.emit('changed', user.id);
    const made = await this.get(user, row.id);
    await this.audit.record({ ...user, workspaceId: row.id, role: 'owner' }, 'create', 'workspaces', row.id, { after: { ...made } });
    return made;
  }

  /** The current workspace only: another one is renamed from inside it. */
  async rename(user: AuthUser, id: string, name: string): Promise<WorkspaceResponse> {
    if (id !== user.workspaceId) throw new NotFoundException('Workspace not found.');
    await this.workspaces.rename(id, name);
    for (const userId of await this.workspaces.memberIds(id)) this.events.emit('changed', userId);
    return this.get(user, id);
  }

  /** Whether the person belongs to a workspace (to switch to it); 404 otherwise. */
  async requireMembership(userId: string, workspaceId: string): Promise<void> {
    if (!(await this.workspaces.membership(workspaceId, userId))) throw new NotFoundException('Workspace not found.');
  }

  async members(user: AuthUser, query: ListQuery): Promise<Page<MemberResponse>> {
    const page = await this.workspaces.members(user.workspaceId, query);
    return { ...page, rows: page.rows.map(toMemberResponse) };
  }

  async member(user: AuthUser, userId: string): Promise<MemberResponse> {
    const row = await this.workspaces.member(user.workspaceId, userId);
    if (!row) throw new NotFoundException('Member not found.');
    return toMemberResponse(row);
  }

  async setRole(user: AuthUser, userId: string, role: Role): Promise<MemberResponse> {
    const member = await this.member(user, userId);
    if (!atLeast(user.role, role)) throw new ForbiddenException(`You cannot grant a role above your own (${user.role}).`);
    if (member.role === 'owner' && role !== 'owner' && (await this.workspaces.owners(user.workspaceId)) <= 1) {
      throw new ConflictException('The last owner cannot be demoted: make another member an owner first.');
    }
    await this.workspaces.setRole(user.workspaceId, userId, role);
    this.events.emit('changed', userId);
    return this.member(user, userId);
  }

  /** An owner removes a member, or a member leaves; what they made stays in the workspace. */
  async remove(user: AuthUser, userId: string): Promise<MemberResponse> {
    if (userId !== user.id && user.role !== 'owner') throw new ForbiddenException('Only owners remove other members.');
    const member = await this.member(user, userId);
    if (member.role === 'owner' && (await this.workspaces.owners(user.workspaceId)) <= 1) {
      throw new ConflictException(
        userId === user.id ? 'The last owner cannot leave: make another member an owner first.' : 'The last owner cannot be removed.',
      );
    }
    await this.workspaces.removeMember(user.workspaceId, userId);
    this.events.emit('changed', userId);
    return member;
  }

  async invitations(user: AuthUser, query: ListQuery): Promise<Page<InvitationResponse>> {
    const page = await this.workspaces.invitations(user.workspaceId, query);
    const now = new Date();
    return { ...page, rows: page.rows.map((row) => toInvitationResponse(row, now)) };
  }

  async invitation(user: AuthUser, id: string): Promise<InvitationResponse> {
    const row = await this.workspaces.invitation(user.workspaceId, id);
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
    if (await this.workspaces.memberByEmail(user.workspaceId, email)) throw new ConflictException(`${email} is already a member of this workspace.`);
    const row = await this.workspaces.invite({
      workspaceId: user.workspaceId,
      email,
      role,
      invitedBy: user.id,
      expiresAt: new Date(now.getTime() + INVITATION_DAYS * 24 * 60 * 60 * 1000),
    });
    if (!row) throw new ConflictException(`${email} is already invited: revoke that invitation to invite them again.`);
    return this.invitation(user, row.id);
  }

  async revoke(user: AuthUser, id: string): Promise<InvitationResponse> {
    const invitation = await this.invitation(user, id);
    await this.workspaces.revoke(user.workspaceId, id);
    return invitation;
  }

  /**
   * At each sign-in: the person's personal workspace (made at the first; its id is theirs), and
   * their unexpired invitations turned into memberships, each recorded in its workspace's log.
   */
  async onSignIn(person: UserRow): Promise<void> {
    const personal = `${person.name}'s workspace`;
    await this.workspaces.create(personal, person.id, person.id);
    // Removed from every workspace (their personal one included, by another owner of it): a new one of their own.
    if ((await this.workspaces.listForUser(person.id)).length === 0) await this.workspaces.create(personal, person.id);
    for (const joined of await this.workspaces.acceptInvitations(person.id, person.email)) {
      const member = await this.workspaces.member(joined.workspaceId, person.id);
      await this.audit.record({ userId: person.id, name: person.name, workspaceId: joined.workspaceId, role: joined.role }, 'join', 'members', person.id, {
        after: member ? { ...toMemberResponse(member) } : null,
      });
    }
    // A workspace made or joined, a new name or picture: their other sessions here show it at once.
    this.events.emit('changed', person.id);
  }
}
