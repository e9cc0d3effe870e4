import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AuthUser, CurrentUser } from '../workspaces/current-user';
import { ApiList } from '../common/api-docs';
import { IdParamPipe } from '../common/id-param';
import { ListQuery, ListQueryPipe, sendPage } from '../common/list-query';
import { ModelShutdownResponse, ReplacedResponse, ReplaceModelDto } from './model-lifecycle.dto';
import { ModelLifecycleService } from './model-lifecycle.service';
import { Access } from '../common/access';

const modelId = new IdParamPipe('Model not found.');
const LIST = { sortable: [] as const, filterable: {} };

@ApiTags('models')
@Controller()
export class ModelLifecycleController {
  constructor(private readonly lifecycle: ModelLifecycleService) {}

  @Get('model-shutdowns')
  @Access('model-shutdowns', 'read')
  @ApiOperation({
    summary: "Your models in use (by a section or an article) that OpenAI stops within 60 days, or has stopped: Home's banner",
  })
  @ApiList(ModelShutdownResponse, 'model-shutdowns', LIST)
  async shutdowns(
    @CurrentUser() user: AuthUser,
    @Query(new ListQueryPipe(LIST)) query: ListQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ModelShutdownResponse[]> {
    return sendPage(res, 'model-shutdowns', await this.lifecycle.page(user, query));
  }

  @Post('models/:id/replace')
  @Access('models', 'write')
  @HttpCode(200)
  @ApiOperation({ summary: 'Move every section and article entry that writes with this model to another of your models' })
  @ApiOkResponse({ type: ReplacedResponse })
  replace(@CurrentUser() user: AuthUser, @Param('id', modelId) id: string, @Body() body: ReplaceModelDto): Promise<ReplacedResponse> {
    return this.lifecycle.replace(user, id, body.replacement);
  }
}
