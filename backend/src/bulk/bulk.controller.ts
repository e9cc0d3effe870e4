import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../workspaces/current-user';
import { BulkService } from './bulk.service';
import { BulkCancelResponse, BulkSummaryResponse } from './bulk.dto';
import { Access } from '../common/access';

@ApiTags('bulk')
@Controller('bulk')
export class BulkController {
  constructor(private readonly bulk: BulkService) {}

  @Get()
  @Access('bulk', 'read')
  @ApiOperation({ summary: "The workspace's bulk writing in flight: batches at OpenAI or Anthropic, sections and articles waiting on them" })
  @ApiOkResponse({ type: BulkSummaryResponse })
  summary(@CurrentUser() user: AuthUser): Promise<BulkSummaryResponse> {
    return this.bulk.summary(user);
  }

  @Post('cancel')
  @Access('bulk', 'write')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Cancel bulk: the workspace's batches are cancelled at OpenAI and Anthropic and their articles fail with a clear message; sections already written are kept",
  })
  @ApiOkResponse({ type: BulkCancelResponse })
  cancel(@CurrentUser() user: AuthUser): Promise<BulkCancelResponse> {
    return this.bulk.cancelBulk(user);
  }
}
