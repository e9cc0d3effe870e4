import { Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { ownsData } from '../backup/data-owners';
import { AuthUser, CurrentUser } from './current-user';
import { clearSessionCookie, readSessionCookie } from './session-cookie';
import { SessionsService } from './sessions.service';

export class MeResponse {
  @ApiProperty()
  name!: string;

  @ApiProperty({ type: String, nullable: true, description: 'The Google profile picture' })
  avatar!: string | null;

  @ApiProperty({ format: 'email' })
  email!: string;

  @ApiProperty({ description: 'Whether the operator owns the data and may download a backup (GET /api/backup)' })
  can_download_backup!: boolean;
}

export class LogoutResponse {
  @ApiProperty({ enum: [true] })
  ok!: true;
}

@ApiTags('auth')
@Controller()
export class SessionController {
  constructor(
    private readonly sessions: SessionsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('me')
  @ApiOperation({ summary: 'The signed-in operator' })
  @ApiOkResponse({ type: MeResponse })
  me(@CurrentUser() user: AuthUser): MeResponse {
    return { name: user.name, avatar: user.avatar, email: user.email, can_download_backup: ownsData(this.config, user) };
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
}
