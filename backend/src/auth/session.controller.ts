import { Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { UserRow } from '../users/users.schema';
import { CurrentUser } from './current-user';
import { clearSessionCookie, readSessionCookie } from './session-cookie';
import { SessionsService } from './sessions.service';

export interface MeResponse {
  name: string;
  avatar: string | null;
  email: string;
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
  me(@CurrentUser() user: UserRow): MeResponse {
    return { name: user.name, avatar: user.avatar, email: user.email };
  }

  @Post('logout')
  @HttpCode(200)
  @ApiOperation({ summary: 'End this session' })
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<{ ok: true }> {
    await this.sessions.destroy(readSessionCookie(req, this.config));
    clearSessionCookie(res, this.config);
    return { ok: true };
  }
}
