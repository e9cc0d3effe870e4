import { Controller, Get, NotFoundException, Param, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiList } from '../common/api-docs';
import type { Response } from 'express';
import { AuthUser, CurrentUser } from '../auth/current-user';
import { IdParamPipe } from '../common/id-param';
import { ListQuery, ListQueryPipe, sendPage } from '../common/list-query';
import { HistoryResponse, toHistoryResponse } from './history.dto';
import { HISTORY_FILTERABLE, HISTORY_SORTABLE, HistoryRepository } from './history.repository';

const LIST = { sortable: HISTORY_SORTABLE, filterable: HISTORY_FILTERABLE };

@ApiTags('history')
@Controller('history')
export class HistoryController {
  constructor(private readonly history: HistoryRepository) {}

  @Get()
  @ApiOperation({ summary: 'Generation and training entries together, newest first' })
  @ApiList(HistoryResponse, 'history', LIST)
  async list(
    @CurrentUser() user: AuthUser,
    @Query(new ListQueryPipe(LIST)) query: ListQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<HistoryResponse[]> {
    const page = await this.history.list(user.id, query);
    return sendPage(res, 'history', { ...page, rows: page.rows.map(toHistoryResponse) });
  }

  @Get(':id')
  @ApiOperation({ summary: 'One entry, as the list shows it' })
  @ApiOkResponse({ type: HistoryResponse })
  async get(@CurrentUser() user: AuthUser, @Param('id', new IdParamPipe('History entry not found.')) id: string): Promise<HistoryResponse> {
    const row = await this.history.find(user.id, id);
    if (!row) throw new NotFoundException('History entry not found.');
    return toHistoryResponse(row);
  }
}
