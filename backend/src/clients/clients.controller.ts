import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser } from '../auth/current-user';
import { IdParamPipe } from '../common/id-param';
import { ListQuery, ListQueryPipe, sendPage } from '../common/list-query';
import { UserRow } from '../users/users.schema';
import { ClientResponse, CreateClientDto, DriveTokenResponse, SavePathDto } from './clients.dto';
import { CLIENT_FILTERABLE, CLIENT_SORTABLE } from './clients.repository';
import { ClientsService } from './clients.service';

const clientId = new IdParamPipe('Client not found.');

@ApiTags('clients')
@Controller()
export class ClientsController {
  constructor(private readonly clients: ClientsService) {}

  @Get('clients')
  async list(
    @CurrentUser() user: UserRow,
    @Query(new ListQueryPipe({ sortable: CLIENT_SORTABLE, filterable: CLIENT_FILTERABLE })) query: ListQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ClientResponse[]> {
    return sendPage(res, 'clients', await this.clients.list(user.id, query));
  }

  @Get('clients/:id')
  get(@CurrentUser() user: UserRow, @Param('id', clientId) id: string): Promise<ClientResponse> {
    return this.clients.get(user.id, id);
  }

  @Post('clients')
  create(@CurrentUser() user: UserRow, @Body() body: CreateClientDto): Promise<ClientResponse> {
    return this.clients.create(user.id, body.name);
  }

  @Post('clients/:id/save-path')
  @HttpCode(200)
  @ApiOperation({ summary: "Set the client's Google Drive save folder" })
  setSavePath(@CurrentUser() user: UserRow, @Param('id', clientId) id: string, @Body() body: SavePathDto): Promise<ClientResponse> {
    return this.clients.setSavePath(user.id, id, body.folderId, body.folderName);
  }

  @Delete('clients/:id')
  remove(@CurrentUser() user: UserRow, @Param('id', clientId) id: string): Promise<ClientResponse> {
    return this.clients.remove(user.id, id);
  }

  @Get('google-drive-token')
  @ApiOperation({ summary: 'A Drive access token and the Picker key for the folder picker' })
  driveToken(@CurrentUser() user: UserRow): Promise<DriveTokenResponse> {
    return this.clients.driveToken(user.id);
  }
}
