import { Module } from '@nestjs/common';
import { AuditRepository } from './audit.repository';
import { InvitationsRepository } from './invitations.repository';
import { InvitationsService } from './invitations.service';
import { MembersRepository } from './members.repository';
import { MembersService } from './members.service';
import { MembershipEvents } from './membership-events';
import { UsersController } from './settings.controller';
import { WorkspaceSettingsRepository } from './settings.repository';
import { WorkspaceSettingsService } from './settings.service';
import { AuditController, InvitationsController, MembersController, WorkspacesController } from './workspaces.controller';
import { WorkspacesRepository } from './workspaces.repository';
import { WorkspacesService } from './workspaces.service';

/**
 * Workspaces, their members, invitations, connection settings (at /api/user) and the audit log;
 * app.module.ts puts the role guard and the audit writer on every route.
 */
@Module({
  controllers: [WorkspacesController, MembersController, InvitationsController, AuditController, UsersController],
  providers: [
    WorkspacesRepository,
    WorkspacesService,
    MembersRepository,
    MembersService,
    InvitationsRepository,
    InvitationsService,
    WorkspaceSettingsRepository,
    WorkspaceSettingsService,
    AuditRepository,
    MembershipEvents,
  ],
  exports: [
    WorkspacesRepository,
    WorkspacesService,
    MembersRepository,
    WorkspaceSettingsRepository,
    WorkspaceSettingsService,
    AuditRepository,
    MembershipEvents,
  ],
})
export class WorkspacesModule {}
