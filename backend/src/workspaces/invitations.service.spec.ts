import { ConflictException, ForbiddenException, NotFoundException } from '@nestjs/common';
import type { Role } from '@quire/shared';
import { buildService } from '../../../test/support/unit';
import type { AuthUser } from './current-user';
import { APP_CONFIG } from '../config/config.module';
import { InvitationsRepository } from './invitations.repository';
import { INVITATION_DAYS, InvitationsService } from './invitations.service';
import { MembersRepository } from './members.repository';
import type { InvitationRow } from './workspaces.schema';

const WORKSPACE = 'workspace-1';
const NOW = new Date('2026-01-01T00:00:00Z');

const caller = (role: Role): AuthUser => ({
  id: 'caller',
  userId: 'caller',
  workspaceId: WORKSPACE,
  name: 'Ann',
  email: 'ann@example.com',
  avatar: null,
  workspaceName: 'Reviews team',
  role,
});

const invitationRow = (values: Partial<InvitationRow> = {}): InvitationRow & { invitedByName: string | null } => ({
  id: 'invitation-1',
  workspaceId: WORKSPACE,
  email: 'bob@example.com',
  role: 'editor',
  invitedBy: 'caller',
  createdAt: NOW,
  expiresAt: new Date(NOW.getTime() + INVITATION_DAYS * 86_400_000),
  invitedByName: 'Ann',
  ...values,
});

describe(InvitationsService.name, () => {
  async function build({ authMode = 'google', allowedEmailDomains = ['example.com'] } = {}) {
    const built = await buildService(InvitationsService, { invitations: InvitationsRepository, members: MembersRepository }, [
      { provide: APP_CONFIG, useValue: { authMode, allowedEmails: [], allowedEmailDomains } },
    ]);
    built.members.memberByEmail.mockResolvedValue(false);
    built.invitations.invite.mockImplementation(async (values) => invitationRow(values));
    built.invitations.invitation.mockImplementation(async () => invitationRow());
    built.invitations.revoke.mockResolvedValue();
    return built;
  }

  describe('invite', () => {
    it('should refuse in local sign-in mode, where there is one operator', async () => {
      const { sut, invitations } = await build({ authMode: 'local' });

      await expect(sut.invite(caller('owner'), 'bob@example.com', 'editor', NOW)).rejects.toThrow(
        new ConflictException('Invitations need Google sign-in: in local sign-in mode there is one operator and one workspace.'),
      );
      expect(invitations.invite).not.toHaveBeenCalled();
    });

    it('should refuse a role above the inviter’s own', async () => {
      const { sut } = await build();

      await expect(sut.invite(caller('editor'), 'bob@example.com', 'owner', NOW)).rejects.toThrow(
        new ForbiddenException('You cannot grant a role above your own (editor).'),
      );
    });

    it('should refuse an email the allow-list would never let sign in', async () => {
      const { sut } = await build({ allowedEmailDomains: ['acme.test'] });

      await expect(sut.invite(caller('owner'), 'bob@example.com', 'editor', NOW)).rejects.toThrow(
        new ConflictException('bob@example.com may not sign in to Quire (ALLOWED_EMAILS, ALLOWED_EMAIL_DOMAINS), so they could never accept.'),
      );
    });

    it('should refuse an email that is already a member’s', async () => {
      const { sut, members } = await build();
      members.memberByEmail.mockResolvedValue(true);

      await expect(sut.invite(caller('owner'), 'bob@example.com', 'editor', NOW)).rejects.toThrow(
        new ConflictException('bob@example.com is already a member of this workspace.'),
      );
    });

    it('should refuse an email already invited, saying to revoke that invitation first', async () => {
      const { sut, invitations } = await build();
      invitations.invite.mockResolvedValue(null);

      await expect(sut.invite(caller('owner'), 'bob@example.com', 'editor', NOW)).rejects.toThrow(
        new ConflictException('bob@example.com is already invited: revoke that invitation to invite them again.'),
      );
    });

    it('should keep the invitation for INVITATION_DAYS days, in the current workspace, from the inviter', async () => {
      const { sut, invitations } = await build();

      await sut.invite(caller('owner'), 'bob@example.com', 'editor', NOW);

      expect(invitations.invite).toHaveBeenCalledWith({
        workspaceId: WORKSPACE,
        email: 'bob@example.com',
        role: 'editor',
        invitedBy: 'caller',
        expiresAt: new Date(NOW.getTime() + INVITATION_DAYS * 24 * 60 * 60 * 1000),
      });
    });
  });

  describe('get', () => {
    it('should answer 404 for an invitation of another workspace or none', async () => {
      const { sut, invitations } = await build();
      invitations.invitation.mockResolvedValue(null);

      await expect(sut.get(caller('owner'), 'invitation-9')).rejects.toThrow(new NotFoundException('Invitation not found.'));
      expect(invitations.invitation).toHaveBeenCalledWith(WORKSPACE, 'invitation-9');
    });
  });

  describe('revoke', () => {
    it('should answer the invitation revoked', async () => {
      const { sut, invitations } = await build();

      const revoked = await sut.revoke(caller('owner'), 'invitation-1');

      expect(revoked.email).toBe('bob@example.com');
      expect(invitations.revoke).toHaveBeenCalledWith(WORKSPACE, 'invitation-1');
    });

    it('should revoke nothing when the invitation is not the workspace’s', async () => {
      const { sut, invitations } = await build();
      invitations.invitation.mockResolvedValue(null);

      await expect(sut.revoke(caller('owner'), 'invitation-9')).rejects.toBeInstanceOf(NotFoundException);
      expect(invitations.revoke).not.toHaveBeenCalled();
    });
  });
});
