import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AuthUser, CurrentUser } from '../workspaces/current-user';
import { IdParamPipe } from '../common/id-param';
import { ListQuery, ListQueryPipe, sendPage } from '../common/list-query';
import { ClientResponse, CreateClientDto, DriveTokenResponse, SavePathDto, UpdateClientDto } from './clients.dto';
import { assertSameRecord } from '../common/validation';
import { CLIENT_FILTERABLE, CLIENT_SORTABLE } from './clients.repository';
import { ClientsService } from './clients.service';
import { ApiErrors, ApiList } from '../common/api-docs';
import { Access } from '../common/access';

const LIST = { sortable: CLIENT_SORTABLE, filterable: CLIENT_FILTERABLE };
const clientId = new IdParamPipe('Client not found.');

@ApiTags('clients')
@Controller()
export class ClientsController {
  constructor(private readonly clients: ClientsService) {}

  @Get('clients')
  @Access('clients', 'read')
  @ApiOperation({ summary: 'Your clients (sites), by name' })
  @ApiList(ClientResponse, 'clients', LIST)
  async list(
    @CurrentUser() user: AuthUser,
    @Query(new ListQueryPipe(LIST)) query: ListQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ClientResponse[]> {
    return sendPage(res, 'clients', await this.clients.list(user, query));
  }

  @Get('clients/:id')
  @Access('clients', 'read')
  @ApiOperation({ summary: 'One client' })
  @ApiOkResponse({ type: ClientResponse })
  get(@CurrentUser() user: AuthUser, @Param('id', clientId) id: string): Promise<ClientResponse> {
    return this.clients.get(user, id);
  }

  @Post('clients')
  @Access('clients', 'write')
  @ApiOperation({ summary: 'Add a client (names are unique, any case)' })
  @ApiCreatedResponse({ type: ClientResponse })
  @ApiErrors(409)
  create(@CurrentUser() user: AuthUser, @Body() body: CreateClientDto): Promise<ClientResponse> {
    return this.clients.create(user, body.name);
  }

  @Put('clients/:id')
  @Access('clients', 'write')
  @ApiOperation({ summary: "Change a client's name or save folder (fields left out keep their values; the record's own read-only fields are ignored)" })
  @ApiOkResponse({ type: ClientResponse })
  @ApiErrors(409)
  update(@CurrentUser() user: AuthUser, @Param('id', clientId) id: string, @Body() body: UpdateClientDto): Promise<ClientResponse> {
    assertSameRecord(id, body);
    return this.clients.update(user, id, body);
  }

  @Post('clients/:id/save-path')
  @Access('clients', 'write')
  @HttpCode(200)
  @ApiOperation({ summary: "Set the client's Google Drive save folder" })
  @ApiOkResponse({ type: ClientResponse })
  setSavePath(@CurrentUser() user: AuthUser, @Param('id', clientId) id: string, @Body() body: SavePathDto): Promise<ClientResponse> {
    return this.clients.setSavePath(user, id, body.folderId, body.folderName);
  }

  @Delete('clients/:id')
  @Access('clients', 'write')
  @ApiOperation({ summary: 'Delete a client' })
  @ApiOkResponse({ type: ClientResponse, description: 'The deleted client' })
  remove(@CurrentUser() user: AuthUser, @Param('id', clientId) id: string): Promise<ClientResponse> {
    return this.clients.remove(user, id);
  }

  @Get('google-drive-token')
  @Access('google-drive-token', 'read')
  @ApiOperation({ summary: 'A Drive access token and the Picker key for the folder picker' })
  @ApiOkResponse({ type: DriveTokenResponse })
  @ApiErrors(409, 502)
  driveToken(@CurrentUser() user: AuthUser): Promise<DriveTokenResponse> {
    return this.clients.driveToken(user);
  }
}
