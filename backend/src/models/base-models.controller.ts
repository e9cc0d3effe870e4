import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiList } from '../common/api-docs';
import type { Response } from 'express';
import { AuthUser, CurrentUser } from '../workspaces/current-user';
import { ListQuery, ListQueryPipe, sendPage } from '../common/list-query';
import { BaseModelResponse, BaseModelsService } from './base-models.service';
import { Access } from '../common/access';

/**
 * Unsorted, the order is meaningful (spec §9's five first); react-admin's default sort by `id`
 * orders the names. The ids are model names, so the `id` filter takes text, not uuids.
 */
const LIST = { sortable: [], filterable: { q: 'search', id: 'text' } } as const;
const listQuery = new ListQueryPipe(LIST);

@ApiTags('models')
@Access('base-models', 'read')
@Controller('base-models')
export class BaseModelsController {
  constructor(private readonly baseModels: BaseModelsService) {}

  @Get()
  @ApiOperation({
    summary: "The base models a new model may use: spec §9's five first, then the chat models the saved OpenAI key lists, each with whether the key may use it",
  })
  @ApiList(BaseModelResponse, 'base-models', LIST)
  async list(@CurrentUser() user: AuthUser, @Query(listQuery) query: ListQuery, @Res({ passthrough: true }) res: Response): Promise<BaseModelResponse[]> {
    return sendPage(res, 'base-models', await this.baseModels.page(user, query));
  }
}
