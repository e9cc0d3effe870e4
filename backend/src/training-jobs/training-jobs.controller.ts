import { Body, Controller, Get, Param, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AuthUser, CurrentUser } from '../workspaces/current-user';
import { IdParamPipe } from '../common/id-param';
import { ListQuery, ListQueryPipe, sendPage } from '../common/list-query';
import { SubmitUrlDto, TrainingJobResponse } from './training-jobs.dto';
import { TRAINING_JOB_FILTERABLE, TRAINING_JOB_SORTABLE } from './training-jobs.repository';
import { TrainingJobsService } from './training-jobs.service';
import { ApiErrors, ApiList } from '../common/api-docs';
import { Access } from '../common/access';

const LIST = { sortable: TRAINING_JOB_SORTABLE, filterable: TRAINING_JOB_FILTERABLE };

@ApiTags('training-jobs')
@Controller('training-jobs')
export class TrainingJobsController {
  constructor(private readonly jobs: TrainingJobsService) {}

  @Get()
  @Access('training-jobs', 'read')
  @ApiOperation({ summary: 'Training-data collection jobs, newest first' })
  @ApiList(TrainingJobResponse, 'training-jobs', LIST)
  async list(
    @CurrentUser() user: AuthUser,
    @Query(new ListQueryPipe(LIST)) query: ListQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<TrainingJobResponse[]> {
    return sendPage(res, 'training-jobs', await this.jobs.list(user, query));
  }

  @Post('submit-url')
  @Access('training-jobs', 'write')
  @ApiOperation({ summary: 'Collect training data from a website: answers the queued job at once' })
  @ApiCreatedResponse({ type: TrainingJobResponse })
  @ApiErrors(409)
  submit(@CurrentUser() user: AuthUser, @Body() body: SubmitUrlDto): Promise<TrainingJobResponse> {
    return this.jobs.submit(user, body);
  }

  @Get(':id')
  @Access('training-jobs', 'read')
  @ApiOperation({ summary: 'One training job' })
  @ApiOkResponse({ type: TrainingJobResponse })
  get(@CurrentUser() user: AuthUser, @Param('id', new IdParamPipe('Training job not found.')) id: string): Promise<TrainingJobResponse> {
    return this.jobs.get(user, id);
  }
}
