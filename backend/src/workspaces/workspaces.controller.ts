import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AuthUser, CurrentUser } from './current-user';
import { ApiErrors, ApiList } from '../common/api-docs';
import { IdParamPipe } from '../common/id-param';
import { ListQuery, ListQueryPipe, sendPage } from '../common/list-query';
import { assertSameRecord } from '../common/validation';
import { AUDIT_FILTERABLE, AUDIT_SORTABLE, AuditRepository } from './audit.repository';
import {
  AuditChangeResponse,
  AuditEventResponse,
  CreateWorkspaceDto,
  InvitationDto,
  InvitationResponse,
  MemberResponse,
  MemberRoleDto,
  toAuditEventResponse,
  WorkspaceNameDto,
  WorkspaceResponse,
} from './workspaces.dto';
import { WorkspacesService } from './workspaces.service';
import { Access, AnyoneSignedIn, NotAudited } from '../common/access';
import { MembersService } from './members.service';
import { InvitationsService } from './invitations.service';

const workspaceId = new IdParamPipe('Workspace not found.');
const memberId = new IdParamPipe('Member not found.');
const invitationId = new IdParamPipe('Invitation not found.');
const NO_FIELDS = { sortable: [] as const, filterable: {} };
const AUDIT_LIST = { sortable: AUDIT_SORTABLE, filterable: AUDIT_FILTERABLE };

@ApiTags('workspaces')
@Controller('workspaces')
export class WorkspacesController {
  constructor(private readonly workspaces: WorkspacesService) {}

  @Get()
  @Access('workspaces', 'read')
  @ApiOperation({ summary: 'The workspaces you belong to, with your role in each' })
  @ApiList(WorkspaceResponse, 'workspaces', NO_FIELDS)
  async list(@CurrentUser() user: AuthUser, @Query(new ListQueryPipe(NO_FIELDS)) query: ListQuery, @Res({ passthrough: true }) res: Response) {
    const rows = await this.workspaces.list(user);
    const page = rows.slice(query.range.start, query.range.end + 1);
    return sendPage(res, 'workspaces', { rows: page, total: rows.length, start: query.range.start });
  }

  @Get(':id')
  @Access('workspaces', 'read')
  @ApiOperation({ summary: 'One of your workspaces' })
  @ApiOkResponse({ type: WorkspaceResponse })
  get(@CurrentUser() user: AuthUser, @Param('id', workspaceId) id: string): Promise<WorkspaceResponse> {
    return this.workspaces.get(user, id);
  }

  @Post()
  @AnyoneSignedIn()
  @NotAudited()
  @ApiOperation({ summary: 'A new workspace; you are its owner (switch to it with PUT /api/me/workspace)' })
  @ApiCreatedResponse({ type: WorkspaceResponse })
  create(@CurrentUser() user: AuthUser, @Body() body: CreateWorkspaceDto): Promise<WorkspaceResponse> {
    return this.workspaces.create(user, body.name);
  }

  @Put(':id')
  @Access('workspaces', 'write')
  @ApiOperation({ summary: 'Rename the current workspace (owners)' })
  @ApiOkResponse({ type: WorkspaceResponse })
  rename(@CurrentUser() user: AuthUser, @Param('id', workspaceId) id: string, @Body() body: WorkspaceNameDto): Promise<WorkspaceResponse> {
    assertSameRecord(id, body);
    return this.workspaces.rename(user, id, body.name);
  }
}

@ApiTags('workspaces')
@Controller('members')
export class MembersController {
  constructor(private readonly members: MembersService) {}

  @Get()
  @Access('members', 'read')
  @ApiOperation({ summary: "The current workspace's members" })
  @ApiList(MemberResponse, 'members', NO_FIELDS)
  async list(@CurrentUser() user: AuthUser, @Query(new ListQueryPipe(NO_FIELDS)) query: ListQuery, @Res({ passthrough: true }) res: Response) {
    return sendPage(res, 'members', await this.members.list(user, query));
  }

  @Get(':id')
  @Access('members', 'read')
  @ApiOperation({ summary: 'One member (by their person id)' })
  @ApiOkResponse({ type: MemberResponse })
  get(@CurrentUser() user: AuthUser, @Param('id', memberId) id: string): Promise<MemberResponse> {
    return this.members.get(user, id);
  }

  @Put(':id')
  @Access('members', 'write')
  @ApiOperation({ summary: "Change a member's role (owners; never above your own; the last owner stays an owner)" })
  @ApiOkResponse({ type: MemberResponse })
  @ApiErrors(409)
  setRole(@CurrentUser() user: AuthUser, @Param('id', memberId) id: string, @Body() body: MemberRoleDto): Promise<MemberResponse> {
    assertSameRecord(id, body);
    return this.members.setRole(user, id, body.role);
  }

  @Delete(':id')
  @Access('members', 'write', { self: 'id' })
  @ApiOperation({ summary: 'Remove a member (owners), or leave (your own id); what they made stays' })
  @ApiOkResponse({ type: MemberResponse, description: 'The membership removed' })
  @ApiErrors(409)
  remove(@CurrentUser() user: AuthUser, @Param('id', memberId) id: string): Promise<MemberResponse> {
    return this.members.remove(user, id);
  }
}

@ApiTags('workspaces')
@Controller('invitations')
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @Get()
  @Access('invitations', 'read')
  @ApiOperation({ summary: "The current workspace's invitations, pending and expired (owners)" })
  @ApiList(InvitationResponse, 'invitations', NO_FIELDS)
  async list(@CurrentUser() user: AuthUser, @Query(new ListQueryPipe(NO_FIELDS)) query: ListQuery, @Res({ passthrough: true }) res: Response) {
    return sendPage(res, 'invitations', await this.invitations.list(user, query));
  }

  @Get(':id')
  @Access('invitations', 'read')
  @ApiOperation({ summary: 'One invitation (owners)' })
  @ApiOkResponse({ type: InvitationResponse })
  get(@CurrentUser() user: AuthUser, @Param('id', invitationId) id: string): Promise<InvitationResponse> {
    return this.invitations.get(user, id);
  }

  @Post()
  @Access('invitations', 'write')
  @ApiOperation({
    summary:
      "Invite an email with a role (owners; google sign-in only; the allow-list must admit it); it becomes a membership at that person's next sign-in, or expires after 14 days",
  })
  @ApiCreatedResponse({ type: InvitationResponse })
  @ApiErrors(409)
  invite(@CurrentUser() user: AuthUser, @Body() body: InvitationDto): Promise<InvitationResponse> {
    return this.invitations.invite(user, body.email, body.role);
  }

  @Delete(':id')
  @Access('invitations', 'write')
  @ApiOperation({ summary: 'Revoke an invitation (owners)' })
  @ApiOkResponse({ type: InvitationResponse, description: 'The invitation revoked' })
  revoke(@CurrentUser() user: AuthUser, @Param('id', invitationId) id: string): Promise<InvitationResponse> {
    return this.invitations.revoke(user, id);
  }
}

@ApiTags('workspaces')
@ApiExtraModels(AuditChangeResponse)
@Access('audit', 'read')
@Controller('audit')
export class AuditController {
  constructor(private readonly audit: AuditRepository) {}

  @Get()
  @ApiOperation({ summary: "The current workspace's audit log, newest first (owners)" })
  @ApiList(AuditEventResponse, 'audit', AUDIT_LIST)
  async list(@CurrentUser() user: AuthUser, @Query(new ListQueryPipe(AUDIT_LIST)) query: ListQuery, @Res({ passthrough: true }) res: Response) {
    const page = await this.audit.list(user.workspaceId, query);
    return sendPage(res, 'audit', { ...page, rows: page.rows.map(toAuditEventResponse) });
  }
}
