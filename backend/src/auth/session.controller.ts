import { Body, Controller, Get, HttpCode, Inject, Post, Put, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { ownsData } from '../backup/data-owners';
import { ApiErrors } from '../common/api-docs';
import { AuthUser, CurrentUser } from '../workspaces/current-user';
import { clearSessionCookie, readSessionCookie } from './session-cookie';
import { SessionsService } from './sessions.service';
import { ROLES, type Role } from '@quire/shared';
import { SwitchWorkspaceDto } from '../workspaces/workspaces.dto';
import { WorkspacesService } from '../workspaces/workspaces.service';
import { OutsideWorkspace } from '../common/access';

export class MeWorkspace {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ enum: ROLES, description: 'Your role in it' })
  role!: Role;
}

export class MeResponse {
  @ApiProperty()
  name!: string;

  @ApiProperty({ type: String, nullable: true, description: 'The Google profile picture' })
  avatar!: string | null;

  @ApiProperty({ format: 'email' })
  email!: string;

  @ApiProperty({ description: 'Whether the operator owns the data and may download a backup (GET /api/backup)' })
  can_download_backup!: boolean;

  @ApiProperty({ type: MeWorkspace, description: "The session's current workspace" })
  workspace!: MeWorkspace;

  @ApiProperty({ type: [MeWorkspace], description: 'Every workspace you belong to' })
  workspaces!: MeWorkspace[];
}

export class LogoutResponse {
  @ApiProperty({ enum: [true] })
  ok!: true;
}

@ApiTags('auth')
@OutsideWorkspace()
@Controller()
export class SessionController {
  constructor(
    private readonly sessions: SessionsService,
    private readonly workspaces: WorkspacesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('me')
  @ApiOperation({ summary: 'The signed-in operator' })
  @ApiOkResponse({ type: MeResponse })
  me(@CurrentUser() user: AuthUser, @Req() req: Request): Promise<MeResponse> {
    return this.answer(user, readSessionCookie(req, this.config));
  }

  @Put('me/workspace')
  @ApiOperation({ summary: "Make one of your workspaces this session's current one" })
  @ApiOkResponse({ type: MeResponse, description: 'You, in that workspace' })
  @ApiErrors(404)
  async switchWorkspace(@CurrentUser() user: AuthUser, @Body() body: SwitchWorkspaceDto, @Req() req: Request): Promise<MeResponse> {
    const id = body.id.toLowerCase();
    await this.workspaces.requireMembership(user.id, /^[0-9a-f-]{36}$/.test(id) ? id : '00000000-0000-0000-0000-000000000000');
    const token = readSessionCookie(req, this.config);
    await this.sessions.switchWorkspace(token, id);
    const switched = await this.sessions.resolve(token);
    return this.answer(switched ?? user, token);
  }

  @Post('logout')
  @HttpCode(200)
  @ApiOperation({ summary: 'End this session' })
  @ApiOkResponse({ type: LogoutResponse })
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<LogoutResponse> {
    await this.sessions.destroy(readSessionCookie(req, this.config));
    clearSessionCookie(res, this.config);
    return { ok: true };
  }

  /** Who is signed in, from what the session holds: no query while it is cached (SessionsService.workspacesOf). */
  private async answer(user: AuthUser, token: string | undefined): Promise<MeResponse> {
    return {
      name: user.name,
      avatar: user.avatar,
      email: user.email,
      can_download_backup: ownsData(this.config, user),
      workspace: { id: user.workspaceId, name: user.workspaceName, role: user.role },
      workspaces: await this.sessions.workspacesOf(token, user),
    };
  }
}
