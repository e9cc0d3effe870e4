import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AuthUser, CurrentUser } from '../workspaces/current-user';
import { IdParamPipe } from '../common/id-param';
import { assertSameRecord } from '../common/validation';
import { ListQuery, ListQueryPipe, sendPage } from '../common/list-query';
import { LogitBiasGroupDto, LogitBiasGroupResponse, TokenPreviewDto, TokenPreviewResponse, UpdateLogitBiasGroupDto } from './logit-bias-groups.dto';
import { BIAS_FILTERABLE, BIAS_SORTABLE } from './logit-bias-groups.repository';
import { LogitBiasGroupsService } from './logit-bias-groups.service';
import { ApiErrors, ApiList } from '../common/api-docs';
import { Access, NotAudited } from '../common/access';

const groupId = new IdParamPipe('Bias word list not found.');
const LIST = { sortable: BIAS_SORTABLE, filterable: BIAS_FILTERABLE };

@ApiTags('logit-bias-groups')
@Controller('logit-bias-groups')
export class LogitBiasGroupsController {
  constructor(private readonly groups: LogitBiasGroupsService) {}

  @Get()
  @Access('logit-bias-groups', 'read')
  @ApiOperation({ summary: 'Bias word lists with their derived words and counts' })
  @ApiList(LogitBiasGroupResponse, 'logit-bias-groups', LIST)
  async list(
    @CurrentUser() user: AuthUser,
    @Query(new ListQueryPipe(LIST)) query: ListQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LogitBiasGroupResponse[]> {
    return sendPage(res, 'logit-bias-groups', await this.groups.list(user, query));
  }

  @Post('preview')
  @Access('logit-bias-groups', 'write')
  @NotAudited()
  @HttpCode(200)
  @ApiOperation({ summary: 'The token ids each word maps to for a tokenizer family (nothing is saved)' })
  @ApiOkResponse({ type: TokenPreviewResponse })
  @ApiErrors(503)
  preview(@Body() body: TokenPreviewDto): Promise<TokenPreviewResponse> {
    return this.groups.preview(body.entries, body.family);
  }

  @Get(':id')
  @Access('logit-bias-groups', 'read')
  @ApiOperation({ summary: 'One bias word list' })
  @ApiOkResponse({ type: LogitBiasGroupResponse })
  get(@CurrentUser() user: AuthUser, @Param('id', groupId) id: string): Promise<LogitBiasGroupResponse> {
    return this.groups.get(user, id);
  }

  @Post()
  @Access('logit-bias-groups', 'write')
  @ApiOperation({ summary: 'Create a list; refused when it maps to more tokens than OpenAI accepts' })
  @ApiCreatedResponse({ type: LogitBiasGroupResponse })
  @ApiErrors(503)
  create(@CurrentUser() user: AuthUser, @Body() body: LogitBiasGroupDto): Promise<LogitBiasGroupResponse> {
    return this.groups.create(user, body);
  }

  @Put(':id')
  @Access('logit-bias-groups', 'write')
  @ApiOperation({ summary: "Replace a list (its derived words and the record's own read-only fields are ignored)" })
  @ApiOkResponse({ type: LogitBiasGroupResponse })
  @ApiErrors(503)
  update(@CurrentUser() user: AuthUser, @Param('id', groupId) id: string, @Body() body: UpdateLogitBiasGroupDto): Promise<LogitBiasGroupResponse> {
    assertSameRecord(id, body);
    return this.groups.update(user, id, body);
  }

  @Delete(':id')
  @Access('logit-bias-groups', 'write')
  @ApiOperation({ summary: 'Delete a list; sections that used it keep no bias group' })
  @ApiOkResponse({ type: LogitBiasGroupResponse, description: 'The deleted list' })
  remove(@CurrentUser() user: AuthUser, @Param('id', groupId) id: string): Promise<LogitBiasGroupResponse> {
    return this.groups.remove(user, id);
  }
}
