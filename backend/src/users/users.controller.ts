import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../auth/current-user';
import { StatusConfigDto, StatusConfigResponse, UpdateUserDto, UserResponse } from './users.dto';
import { UsersService } from './users.service';

@ApiTags('user')
@Controller('user')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @ApiOperation({ summary: 'Profile and connection settings as redacted hints' })
  @ApiOkResponse({ type: UserResponse })
  get(@CurrentUser() user: AuthUser): Promise<UserResponse> {
    return this.users.getSettings(user);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Save connection settings (a posted-back hint keeps the stored value)' })
  @ApiOkResponse({ type: UserResponse })
  update(@CurrentUser() user: AuthUser, @Body() body: UpdateUserDto): Promise<UserResponse> {
    return this.users.updateSettings(user, body.envVars);
  }

  @Get('status-config')
  @ApiOperation({ summary: 'The Notion status property and its four values' })
  @ApiOkResponse({ type: StatusConfigResponse })
  getStatusConfig(@CurrentUser() user: AuthUser): Promise<StatusConfigResponse> {
    return this.users.getStatusConfig(user.workspaceId);
  }

  @Post('status-config')
  @HttpCode(200)
  @ApiOperation({ summary: 'Save the Notion status property and its four values' })
  @ApiOkResponse({ type: StatusConfigResponse })
  updateStatusConfig(@CurrentUser() user: AuthUser, @Body() body: StatusConfigDto): Promise<StatusConfigResponse> {
    return this.users.updateStatusConfig(user.workspaceId, body);
  }
}
