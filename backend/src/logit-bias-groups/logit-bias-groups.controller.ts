import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser } from '../auth/current-user';
import { IdParamPipe } from '../common/id-param';
import { ListQuery, ListQueryPipe, sendPage } from '../common/list-query';
import { UserRow } from '../users/users.schema';
import { LogitBiasGroupDto, LogitBiasGroupResponse, TokenPreviewDto, TokenPreviewResponse } from './logit-bias-groups.dto';
import { BIAS_FILTERABLE, BIAS_SORTABLE } from './logit-bias-groups.repository';
import { LogitBiasGroupsService } from './logit-bias-groups.service';

const groupId = new IdParamPipe('Bias word list not found.');

@ApiTags('logit-bias-groups')
@Controller('logit-bias-groups')
export class LogitBiasGroupsController {
  constructor(private readonly groups: LogitBiasGroupsService) {}

  @Get()
  @ApiOperation({ summary: 'Bias word lists with their derived words and counts' })
  async list(
    @CurrentUser() user: UserRow,
    @Query(new ListQueryPipe({ sortable: BIAS_SORTABLE, filterable: BIAS_FILTERABLE })) query: ListQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LogitBiasGroupResponse[]> {
    return sendPage(res, 'logit-bias-groups', await this.groups.list(user.id, query));
  }

  @Post('preview')
  @HttpCode(200)
  @ApiOperation({ summary: 'The token ids each word maps to for a tokenizer family (nothing is saved)' })
  preview(@Body() body: TokenPreviewDto): TokenPreviewResponse {
    return this.groups.preview(body.entries, body.family);
  }

  @Get(':id')
  get(@CurrentUser() user: UserRow, @Param('id', groupId) id: string): Promise<LogitBiasGroupResponse> {
    return this.groups.get(user.id, id);
  }

  @Post()
  @ApiOperation({ summary: 'Create a list; refused when it maps to more tokens than OpenAI accepts' })
  create(@CurrentUser() user: UserRow, @Body() body: LogitBiasGroupDto): Promise<LogitBiasGroupResponse> {
    return this.groups.create(user.id, body);
  }

  @Put(':id')
  update(@CurrentUser() user: UserRow, @Param('id', groupId) id: string, @Body() body: LogitBiasGroupDto): Promise<LogitBiasGroupResponse> {
    return this.groups.update(user.id, id, body);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a list; sections that used it keep no bias group' })
  remove(@CurrentUser() user: UserRow, @Param('id', groupId) id: string): Promise<LogitBiasGroupResponse> {
    return this.groups.remove(user.id, id);
  }
}
