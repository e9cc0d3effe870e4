import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Access, NotAudited } from '../common/access';
import { ApiErrors, ApiList } from '../common/api-docs';
import { IdParamPipe } from '../common/id-param';
import { ListQuery, ListQueryPipe, sendPage } from '../common/list-query';
import { assertSameRecord } from '../common/validation';
import { AuthUser, CurrentUser } from '../workspaces/current-user';
import { ConnectionCheckResponse, ConnectionResponse, CreateConnectionDto, UpdateConnectionDto } from './connections.dto';
import { CONNECTION_FILTERABLE, CONNECTION_SORTABLE } from './connections.repository';
import { ConnectionsService } from './connections.service';

const LIST = { sortable: CONNECTION_SORTABLE, filterable: CONNECTION_FILTERABLE };
const connectionId = new IdParamPipe('Model provider not found.');

@ApiTags('connections')
@Controller('connections')
export class ConnectionsController {
  constructor(private readonly connections: ConnectionsService) {}

  @Get()
  @Access('connections', 'read')
  @ApiOperation({ summary: "The workspace's model providers beside OpenAI, oldest first (keys as hints)" })
  @ApiList(ConnectionResponse, 'connections', LIST)
  async list(
    @CurrentUser() user: AuthUser,
    @Query(new ListQueryPipe(LIST)) query: ListQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ConnectionResponse[]> {
    return sendPage(res, 'connections', await this.connections.list(user, query));
  }

  @Get(':id')
  @Access('connections', 'read')
  @ApiOperation({ summary: 'One model provider' })
  @ApiOkResponse({ type: ConnectionResponse })
  get(@CurrentUser() user: AuthUser, @Param('id', connectionId) id: string): Promise<ConnectionResponse> {
    return this.connections.get(user, id);
  }

  @Post()
  @Access('connections', 'write')
  @ApiOperation({ summary: 'Connect a model provider: Anthropic, Google Gemini or an OpenAI-compatible server (names are unique, any case)' })
  @ApiCreatedResponse({ type: ConnectionResponse })
  @ApiErrors(409)
  create(@CurrentUser() user: AuthUser, @Body() body: CreateConnectionDto): Promise<ConnectionResponse> {
    return this.connections.create(user, body);
  }

  @Put(':id')
  @Access('connections', 'write')
  @ApiOperation({ summary: "Rename a provider, change a server's address, or replace its key (fields left out keep their values; its own hint keeps the key)" })
  @ApiOkResponse({ type: ConnectionResponse })
  @ApiErrors(409)
  update(@CurrentUser() user: AuthUser, @Param('id', connectionId) id: string, @Body() body: UpdateConnectionDto): Promise<ConnectionResponse> {
    assertSameRecord(id, body);
    return this.connections.update(user, id, body);
  }

  @Post(':id/test')
  @Access('connections', 'write')
  @NotAudited()
  @HttpCode(200)
  @ApiOperation({ summary: 'What the vendor lists for the connection now (its models), or why it could not be read' })
  @ApiOkResponse({ type: ConnectionCheckResponse })
  check(@CurrentUser() user: AuthUser, @Param('id', connectionId) id: string): Promise<ConnectionCheckResponse> {
    return this.connections.check(user, id);
  }

  @Delete(':id')
  @Access('connections', 'write')
  @ApiOperation({ summary: 'Remove a model provider' })
  @ApiOkResponse({ type: ConnectionResponse, description: 'The removed provider' })
  remove(@CurrentUser() user: AuthUser, @Param('id', connectionId) id: string): Promise<ConnectionResponse> {
    return this.connections.remove(user, id);
  }
}
