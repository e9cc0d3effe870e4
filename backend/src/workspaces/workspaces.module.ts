import { Module } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { AuditInterceptor } from './audit.interceptor';
import { AuditRepository } from './audit.repository';
import { PermissionGuard } from './permission.guard';
import { AuditController, InvitationsController, MembersController, WorkspacesController } from './workspaces.controller';
import { WorkspacesRepository } from './workspaces.repository';
import { MembershipEvents, WorkspacesService } from './workspaces.service';

/** Workspaces, members, invitations and the audit log (issue 28), with the role guard and the audit writer on every route. */
@Module({
  controllers: [WorkspacesController, MembersController, InvitationsController, AuditController],
  providers: [
    WorkspacesRepository,
    WorkspacesService,
    AuditRepository,
    MembershipEvents,
    { provide: APP_GUARD, useClass: PermissionGuard },
    { provide: APP_INTERCEPTOR, useClass: AuditInterceptor },
  ],
  exports: [WorkspacesRepository, WorkspacesService, AuditRepository, MembershipEvents],
})
export class WorkspacesModule {}
