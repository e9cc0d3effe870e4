import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AuthUser, CurrentUser } from '../workspaces/current-user';
import { IdParamPipe } from '../common/id-param';
import { assertSameRecord } from '../common/validation';
import { ListQuery, ListQueryPipe, sendPage } from '../common/list-query';
import { ArticleDto, ArticleResponse, UpdateArticleDto } from './articles.dto';
import { ARTICLE_FILTERABLE, ARTICLE_SORTABLE } from './articles.repository';
import { ArticlesService } from './articles.service';
import { ApiErrors, ApiList } from '../common/api-docs';
import { Access } from '../common/access';

const LIST = { sortable: ARTICLE_SORTABLE, filterable: ARTICLE_FILTERABLE };
const articleId = new IdParamPipe('Article not found.');

@ApiTags('articles')
@Controller('articles')
export class ArticlesController {
  constructor(private readonly articles: ArticlesService) {}

  @Get()
  @Access('articles', 'read')
  @ApiOperation({ summary: 'Your article templates' })
  @ApiList(ArticleResponse, 'articles', LIST)
  async list(
    @CurrentUser() user: AuthUser,
    @Query(new ListQueryPipe(LIST)) query: ListQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ArticleResponse[]> {
    return sendPage(res, 'articles', await this.articles.list(user, query));
  }

  @Get(':id')
  @Access('articles', 'read')
  @ApiOperation({ summary: 'One article template' })
  @ApiOkResponse({ type: ArticleResponse })
  get(@CurrentUser() user: AuthUser, @Param('id', articleId) id: string): Promise<ArticleResponse> {
    return this.articles.get(user, id);
  }

  @Post()
  @Access('articles', 'write')
  @ApiOperation({ summary: 'Create an article template of snapshots of your sections (titles are unique, any case)' })
  @ApiCreatedResponse({ type: ArticleResponse })
  @ApiErrors(409)
  create(@CurrentUser() user: AuthUser, @Body() body: ArticleDto): Promise<ArticleResponse> {
    return this.articles.create(user, body);
  }

  @Put(':id')
  @Access('articles', 'write')
  @ApiOperation({ summary: "Replace an article template (an omitted bias group keeps the saved one; the record's own read-only fields are ignored)" })
  @ApiOkResponse({ type: ArticleResponse })
  @ApiErrors(409)
  update(@CurrentUser() user: AuthUser, @Param('id', articleId) id: string, @Body() body: UpdateArticleDto): Promise<ArticleResponse> {
    assertSameRecord(id, body);
    return this.articles.update(user, id, body);
  }

  @Delete(':id')
  @Access('articles', 'write')
  @ApiOperation({ summary: 'Delete an article template' })
  @ApiOkResponse({ type: ArticleResponse, description: 'The deleted article' })
  remove(@CurrentUser() user: AuthUser, @Param('id', articleId) id: string): Promise<ArticleResponse> {
    return this.articles.remove(user, id);
  }
}
