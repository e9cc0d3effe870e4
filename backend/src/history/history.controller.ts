import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser } from '../auth/current-user';
import { ListQuery, ListQueryPipe, sendPage } from '../common/list-query';
import { UserRow } from '../users/users.schema';
import { HistoryResponse, toHistoryResponse } from './history.dto';
import { HISTORY_FILTERABLE, HISTORY_SORTABLE, HistoryRepository } from './history.repository';

@ApiTags('history')
@Controller('history')
export class HistoryController {
  constructor(private readonly history: HistoryRepository) {}

  @Get()
  @ApiOperation({ summary: 'Generation and training entries together, newest first' })
  async list(
    @CurrentUser() user: UserRow,
    @Query(new ListQueryPipe({ sortable: HISTORY_SORTABLE, filterable: HISTORY_FILTERABLE })) query: ListQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<HistoryResponse[]> {
    const page = await this.history.list(user.id, query);
    return sendPage(res, 'history', { ...page, rows: page.rows.map(toHistoryResponse) });
  }
}
