import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from './current-user';
import { StatusConfigDto, StatusConfigResponse, UpdateUserDto, UserResponse } from './settings.dto';
import { WorkspaceSettingsService } from './settings.service';
import { Access, AuditedAsSettings } from '../common/access';

@ApiTags('user')
@Controller('user')
/** The workspace's connection settings and status names, at /api/user (the address Home has always used). */
export class UsersController {
  constructor(private readonly settings: WorkspaceSettingsService) {}

  @Get()
  @Access('user', 'read')
  @ApiOperation({ summary: 'Profile and connection settings as redacted hints' })
  @ApiOkResponse({ type: UserResponse })
  get(@CurrentUser() user: AuthUser): Promise<UserResponse> {
    return this.settings.getSettings(user);
  }

  @Post()
  @Access('user', 'write')
  @AuditedAsSettings('settings')
  @HttpCode(200)
  @ApiOperation({ summary: 'Save connection settings (a posted-back hint keeps the stored value)' })
  @ApiOkResponse({ type: UserResponse })
  update(@CurrentUser() user: AuthUser, @Body() body: UpdateUserDto): Promise<UserResponse> {
    return this.settings.updateSettings(user, body.envVars);
  }

  @Get('status-config')
  @Access('user', 'read')
  @ApiOperation({ summary: 'The Notion status property and its four values' })
  @ApiOkResponse({ type: StatusConfigResponse })
  getStatusConfig(@CurrentUser() user: AuthUser): Promise<StatusConfigResponse> {
    return this.settings.getStatusConfig(user.workspaceId);
  }

  @Post('status-config')
  @Access('user', 'write')
  @AuditedAsSettings('settings/status-config')
  @HttpCode(200)
  @ApiOperation({ summary: 'Save the Notion status property and its four values' })
  @ApiOkResponse({ type: StatusConfigResponse })
  updateStatusConfig(@CurrentUser() user: AuthUser, @Body() body: StatusConfigDto): Promise<StatusConfigResponse> {
    return this.settings.updateStatusConfig(user.workspaceId, body);
  }
}
