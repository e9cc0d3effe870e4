import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Access } from '../common/access';
import { AuthUser, CurrentUser } from '../workspaces/current-user';
import { FirstRunResponse, toFirstRunResponse } from './first-run.dto';
import { FirstRunService } from './first-run.service';

@ApiTags('first-run')
@Controller('first-run')
export class FirstRunController {
  constructor(private readonly firstRun: FirstRunService) {}

  @Get()
  @Access('generation', 'read')
  @ApiOperation({
    summary:
      "Home's first-run checklist: each step from connecting Notion to the first article written, read from the workspace's state and Notion's database now (Notion is not asked once an article is written)",
  })
  @ApiOkResponse({ type: FirstRunResponse })
  async check(@CurrentUser() user: AuthUser): Promise<FirstRunResponse> {
    return toFirstRunResponse(await this.firstRun.check(user));
  }
}
