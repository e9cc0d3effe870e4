import { ConflictException, ForbiddenException, NotFoundException } from '@nestjs/common';
import type { Role } from '@quire/shared';
import { buildService } from '../../../test/support/unit';
import type { AuthUser } from './current-user';
import { MemberRow, MembersRepository } from './members.repository';
import { MembersService } from './members.service';
import { MembershipEvents } from './membership-events';

const WORKSPACE = 'workspace-1';

const caller = (role: Role, id = 'caller'): AuthUser => ({
  id,
  userId: id,
  workspaceId: WORKSPACE,
  name: 'Ann',
  email: 'ann@example.com',
  avatar: null,
  workspaceName: 'Reviews team',
  role,
});

const memberRow = (userId: string, role: Role): MemberRow => ({
  userId,
  name: `Person ${userId}`,
  email: `${userId}@example.com`,
  avatar: null,
  role,
  joinedAt: new Date(0),
});

describe(MembersService.name, () => {
  /** `members` are the workspace's memberships by person id; a change of role is read back. */
  async function build(members: Record<string, Role>) {
    const built = await buildService(MembersService, { members: MembersRepository, events: MembershipEvents });
    built.members.member.mockImplementation(async (_workspace, userId) => (members[userId] ? memberRow(userId, members[userId]) : null));
    built.members.owners.mockImplementation(async () => Object.values(members).filter((role) => role === 'owner').length);
    built.members.setRole.mockImplementation(async (_workspace, userId, role) => void (members[userId] = role));
    built.members.removeMember.mockResolvedValue();
    built.events.emit.mockReturnValue(true);
    return built;
  }

  describe('get', () => {
    it('should answer 404 for a person who is not a member of the current workspace', async () => {
      const { sut } = await build({ caller: 'owner' });

      await expect(sut.get(caller('owner'), 'stranger')).rejects.toThrow(new NotFoundException('Member not found.'));
    });

    it('should read the member in the caller’s current workspace only', async () => {
      const { sut, members } = await build({ caller: 'owner', bob: 'editor' });

      await sut.get(caller('owner'), 'bob');

      expect(members.member).toHaveBeenCalledWith(WORKSPACE, 'bob');
    });
  });

  describe('setRole', () => {
    it('should refuse to grant a role above the caller’s own', async () => {
      const { sut, members } = await build({ caller: 'editor', bob: 'viewer' });

      await expect(sut.setRole(caller('editor'), 'bob', 'owner')).rejects.toThrow(new ForbiddenException('You cannot grant a role above your own (editor).'));
      expect(members.setRole).not.toHaveBeenCalled();
    });

    it('should refuse to demote the last owner', async () => {
      const { sut, members } = await build({ caller: 'owner', bob: 'editor' });

      await expect(sut.setRole(caller('owner'), 'caller', 'editor')).rejects.toThrow(
        new ConflictException('The last owner cannot be demoted: make another member an owner first.'),
      );
      expect(members.setRole).not.toHaveBeenCalled();
    });

    it('should demote an owner while another owner remains', async () => {
      const { sut } = await build({ caller: 'owner', bob: 'owner' });

      expect((await sut.setRole(caller('owner'), 'bob', 'viewer')).role).toBe('viewer');
    });

    it('should tell the sessions the member’s memberships changed', async () => {
      const { sut, events } = await build({ caller: 'owner', bob: 'viewer' });

      await sut.setRole(caller('owner'), 'bob', 'editor');

      expect(events.emit).toHaveBeenCalledWith('changed', 'bob');
    });

    it('should answer 404 for a person who is not a member, writing nothing', async () => {
      const { sut, members } = await build({ caller: 'owner' });

      await expect(sut.setRole(caller('owner'), 'stranger', 'viewer')).rejects.toBeInstanceOf(NotFoundException);
      expect(members.setRole).not.toHaveBeenCalled();
    });
  });

  describe('remove', () => {
    it('should let only owners remove another member', async () => {
      const { sut, members } = await build({ caller: 'editor', bob: 'viewer' });

      await expect(sut.remove(caller('editor'), 'bob')).rejects.toThrow(new ForbiddenException('Only owners remove other members.'));
      expect(members.removeMember).not.toHaveBeenCalled();
    });

    it('should let any member leave', async () => {
      const { sut, members } = await build({ caller: 'viewer', bob: 'owner' });

      await sut.remove(caller('viewer'), 'caller');

      expect(members.removeMember).toHaveBeenCalledWith(WORKSPACE, 'caller');
    });

    it('should refuse to let the last owner leave', async () => {
      const { sut } = await build({ caller: 'owner', bob: 'editor' });

      await expect(sut.remove(caller('owner'), 'caller')).rejects.toThrow(
        new ConflictException('The last owner cannot leave: make another member an owner first.'),
      );
    });

    it('should refuse to remove the last owner', async () => {
      const { sut, members } = await build({ bob: 'owner' });

      await expect(sut.remove(caller('owner'), 'bob')).rejects.toThrow(new ConflictException('The last owner cannot be removed.'));
      expect(members.removeMember).not.toHaveBeenCalled();
    });

    it('should answer the membership removed and tell the sessions', async () => {
      const { sut, events } = await build({ caller: 'owner', bob: 'editor' });

      const removed = await sut.remove(caller('owner'), 'bob');

      expect(removed.role).toBe('editor');
      expect(events.emit).toHaveBeenCalledWith('changed', 'bob');
    });
  });
});
