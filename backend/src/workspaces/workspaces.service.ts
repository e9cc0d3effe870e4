import { Injectable, NotFoundException } from '@nestjs/common';
import type { AuthUser } from './current-user';
import type { UserRow } from '../users/users.schema';
import { AuditRepository } from './audit.repository';
import { InvitationsRepository } from './invitations.repository';
import { MembersRepository } from './members.repository';
import { MembershipEvents } from './membership-events';
import { toMemberResponse, toWorkspaceResponse, WorkspaceResponse } from './workspaces.dto';
import { WorkspacesRepository } from './workspaces.repository';

/**
 * The rules of workspaces themselves: made with their maker as owner, renamed from inside, listed
 * for their members; and what each sign-in does (a personal workspace, invitations accepted).
 */
@Injectable()
export class WorkspacesService {
  constructor(
    private readonly workspaces: WorkspacesRepository,
    private readonly members: MembersRepository,
    private readonly invitations: InvitationsRepository,
    private readonly audit: AuditRepository,
    private readonly events: MembershipEvents,
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
    for (const userId of await this.members.memberIds(id)) this.events.emit('changed', userId);
    return this.get(user, id);
  }

  /** Whether the person belongs to a workspace (to switch to it); 404 otherwise. */
  async requireMembership(userId: string, workspaceId: string): Promise<void> {
    if (!(await this.members.membership(workspaceId, userId))) throw new NotFoundException('Workspace not found.');
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
    for (const joined of await this.invitations.acceptInvitations(person.id, person.email)) {
      const member = await this.members.member(joined.workspaceId, person.id);
      await this.audit.record({ userId: person.id, name: person.name, workspaceId: joined.workspaceId, role: joined.role }, 'join', 'members', person.id, {
        after: member ? { ...toMemberResponse(member) } : null,
      });
    }
    // A workspace made or joined, a new name or picture: their other sessions here show it at once.
    this.events.emit('changed', person.id);
  }
}
