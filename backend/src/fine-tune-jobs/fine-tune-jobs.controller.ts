import { Body, Controller, Get, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AuthUser, CurrentUser } from '../workspaces/current-user';
import { ListQuery, ListQueryPipe, sendPage } from '../common/list-query';
import { FineTuneJobResponse, StartFineTuneDto } from './fine-tune-jobs.dto';
import { JOB_FILTERABLE, JOB_SORTABLE } from './fine-tune-jobs.repository';
import { FineTuneJobsService } from './fine-tune-jobs.service';
import { ApiErrors, ApiList } from '../common/api-docs';
import { Access } from '../common/access';

const LIST = { sortable: JOB_SORTABLE, filterable: JOB_FILTERABLE };

@ApiTags('fine-tune-jobs')
@Controller('fine-tune-jobs')
export class FineTuneJobsController {
  constructor(private readonly jobs: FineTuneJobsService) {}

  @Get()
  @Access('fine-tune-jobs', 'read')
  @ApiOperation({ summary: 'Fine-tune jobs, newest first, with their model names' })
  @ApiList(FineTuneJobResponse, 'fine-tune-jobs', LIST)
  async list(
    @CurrentUser() user: AuthUser,
    @Query(new ListQueryPipe(LIST)) query: ListQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<FineTuneJobResponse[]> {
    return sendPage(res, 'fine-tune-jobs', await this.jobs.list(user, query));
  }

  @Post('start')
  @Access('fine-tune-jobs', 'write')
  @ApiOperation({ summary: 'Start an OpenAI fine-tune on a model with at least 10 examples' })
  @ApiCreatedResponse({ type: FineTuneJobResponse })
  @ApiErrors(409, 502)
  start(@CurrentUser() user: AuthUser, @Body() body: StartFineTuneDto): Promise<FineTuneJobResponse> {
    return this.jobs.start(user, body.modelId, body.suffix);
  }
}
