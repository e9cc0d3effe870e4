import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { atLeast, type Role } from '@quire/shared';
import type { AuthUser } from './current-user';
import { ListQuery, Page } from '../common/list-query';
import { MemberResponse, toMemberResponse } from './workspaces.dto';
import { MembersRepository } from './members.repository';
import { MembershipEvents } from './membership-events';

/**
 * The rules of a workspace's members. The guard has already checked the caller's role against the
 * permission table; these are the rules beyond it: nobody grants a role above their own, the last
 * owner neither leaves nor is demoted, only owners remove others.
 */
@Injectable()
export class MembersService {
  constructor(
    private readonly members: MembersRepository,
    private readonly events: MembershipEvents,
  ) {}

  async list(user: AuthUser, query: ListQuery): Promise<Page<MemberResponse>> {
    const page = await this.members.members(user.workspaceId, query);
    return { ...page, rows: page.rows.map(toMemberResponse) };
  }

  async get(user: AuthUser, userId: string): Promise<MemberResponse> {
    const row = await this.members.member(user.workspaceId, userId);
    if (!row) throw new NotFoundException('Member not found.');
    return toMemberResponse(row);
  }

  async setRole(user: AuthUser, userId: string, role: Role): Promise<MemberResponse> {
    const member = await this.get(user, userId);
    if (!atLeast(user.role, role)) throw new ForbiddenException(`You cannot grant a role above your own (${user.role}).`);
    if (member.role === 'owner' && role !== 'owner' && (await this.members.owners(user.workspaceId)) <= 1) {
      throw new ConflictException('The last owner cannot be demoted: make another member an owner first.');
    }
    await this.members.setRole(user.workspaceId, userId, role);
    this.events.emit('changed', userId);
    return this.get(user, userId);
  }

  /** An owner removes a member, or a member leaves; what they made stays in the workspace. */
  async remove(user: AuthUser, userId: string): Promise<MemberResponse> {
    if (userId !== user.id && user.role !== 'owner') throw new ForbiddenException('Only owners remove other members.');
    const member = await this.get(user, userId);
    if (member.role === 'owner' && (await this.members.owners(user.workspaceId)) <= 1) {
      throw new ConflictException(
        userId === user.id ? 'The last owner cannot leave: make another member an owner first.' : 'The last owner cannot be removed.',
      );
    }
    await this.members.removeMember(user.workspaceId, userId);
    this.events.emit('changed', userId);
    return member;
  }
}
