import { Body, Controller, Delete, Get, Param, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AnyoneSignedIn } from '../common/access';
import { ApiErrors, ApiList } from '../common/api-docs';
import { IdParamPipe } from '../common/id-param';
import { ListQuery, ListQueryPipe, sendPage } from '../common/list-query';
import { AuthUser, CurrentUser } from '../workspaces/current-user';
import { CreatedTokenResponse, CreateTokenDto, TokenResponse, toTokenResponse } from './tokens.dto';
import { TokensService } from './tokens.service';

const tokenId = new IdParamPipe('Token not found.');
/** Always the whole list (a person's tokens, or an owner's workspace's), newest first; only ids filter it. */
const LIST = { sortable: [], filterable: { id: 'uuid' } } as const;

/**
 * Personal API tokens of the current workspace. Any member, signed in (never with a token: a token
 * cannot make or list tokens), makes and revokes their own; an owner sees and revokes every one.
 * Making and revoking are in the audit log (TokensService).
 */
@ApiTags('tokens')
@Controller('tokens')
@AnyoneSignedIn()
export class TokensController {
  constructor(private readonly tokens: TokensService) {}

  @Get()
  @ApiOperation({ summary: "Your API tokens in the current workspace (an owner's list: every member's)" })
  @ApiList(TokenResponse, 'tokens', LIST)
  async list(
    @CurrentUser() user: AuthUser,
    @Query(new ListQueryPipe(LIST)) query: ListQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<TokenResponse[]> {
    const ids = query.filter.id === undefined ? null : [query.filter.id].flat();
    const rows = (await this.tokens.list(user)).map((listed) => toTokenResponse(listed)).filter((token) => !ids || ids.includes(token._id));
    return sendPage(res, 'tokens', { rows, total: rows.length, start: 0 });
  }

  @Post()
  @ApiOperation({ summary: 'Make an API token for the current workspace, with a role no higher than yours; the token is in the answer, this once' })
  @ApiCreatedResponse({ type: CreatedTokenResponse })
  @ApiErrors(403, 409)
  async create(@CurrentUser() user: AuthUser, @Body() body: CreateTokenDto): Promise<CreatedTokenResponse> {
    const made = await this.tokens.create(user, { name: body.name, role: body.role, expiresInDays: body.expires_in_days });
    return { ...toTokenResponse(made.listed), token: made.secret };
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Revoke an API token: yours, or as an owner any of the workspace; it stops working at once' })
  @ApiOkResponse({ type: TokenResponse, description: 'The token revoked, as it was' })
  @ApiErrors(404)
  async revoke(@CurrentUser() user: AuthUser, @Param('id', tokenId) id: string): Promise<TokenResponse> {
    return toTokenResponse(await this.tokens.revoke(user, id));
  }
}
