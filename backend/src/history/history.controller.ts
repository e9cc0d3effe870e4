import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, ApiList } from '../common/api-docs';
import type { Response } from 'express';
import { AuthUser, CurrentUser } from '../workspaces/current-user';
import { IdParamPipe } from '../common/id-param';
import { ListQuery, ListQueryPipe, sendPage } from '../common/list-query';
import { HistoryDetailResponse, HistoryResponse } from './history.dto';
import { HistoryService } from './history.service';
import { HISTORY_FILTERABLE, HISTORY_SORTABLE } from './history.repository';
import { Access } from '../common/access';

const LIST = { sortable: HISTORY_SORTABLE, filterable: HISTORY_FILTERABLE };

@ApiTags('history')
@Controller('history')
export class HistoryController {
  constructor(private readonly entries: HistoryService) {}

  @Get()
  @Access('history', 'read')
  @ApiOperation({ summary: 'Generation and training entries together, newest first' })
  @ApiList(HistoryResponse, 'history', LIST)
  async list(
    @CurrentUser() user: AuthUser,
    @Query(new ListQueryPipe(LIST)) query: ListQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<HistoryResponse[]> {
    return sendPage(res, 'history', await this.entries.list(user, query));
  }

  @Get(':id')
  @Access('history', 'read')
  @ApiOperation({ summary: 'One entry as the list shows it, plus its sections, tokens and cost (generation) or its job (training)' })
  @ApiOkResponse({ type: HistoryDetailResponse })
  get(@CurrentUser() user: AuthUser, @Param('id', new IdParamPipe('History entry not found.')) id: string): Promise<HistoryDetailResponse> {
    return this.entries.detail(user, id);
  }

  @Post(':id/retry')
  @Access('history', 'write')
  @HttpCode(200)
  @ApiOperation({ summary: 'Write a failed article again: the same entry, its written sections reused, its Notion row back in progress' })
  @ApiOkResponse({ type: HistoryDetailResponse })
  @ApiErrors(409, 502)
  retry(@CurrentUser() user: AuthUser, @Param('id', new IdParamPipe('History entry not found.')) id: string): Promise<HistoryDetailResponse> {
    return this.entries.retry(user, id);
  }
}
