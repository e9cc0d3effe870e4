import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser } from '../auth/current-user';
import { IdParamPipe } from '../common/id-param';
import { ListQuery, ListQueryPipe, sendPage } from '../common/list-query';
import { UserRow } from '../users/users.schema';
import { ArticleDto, ArticleResponse } from './articles.dto';
import { ARTICLE_FILTERABLE, ARTICLE_SORTABLE } from './articles.repository';
import { ArticlesService } from './articles.service';

const articleId = new IdParamPipe('Article not found.');

@ApiTags('articles')
@Controller('articles')
export class ArticlesController {
  constructor(private readonly articles: ArticlesService) {}

  @Get()
  async list(
    @CurrentUser() user: UserRow,
    @Query(new ListQueryPipe({ sortable: ARTICLE_SORTABLE, filterable: ARTICLE_FILTERABLE })) query: ListQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ArticleResponse[]> {
    return sendPage(res, 'articles', await this.articles.list(user.id, query));
  }

  @Get(':id')
  get(@CurrentUser() user: UserRow, @Param('id', articleId) id: string): Promise<ArticleResponse> {
    return this.articles.get(user.id, id);
  }

  @Post()
  create(@CurrentUser() user: UserRow, @Body() body: ArticleDto): Promise<ArticleResponse> {
    return this.articles.create(user.id, body);
  }

  @Put(':id')
  update(@CurrentUser() user: UserRow, @Param('id', articleId) id: string, @Body() body: ArticleDto): Promise<ArticleResponse> {
    return this.articles.update(user.id, id, body);
  }

  @Delete(':id')
  remove(@CurrentUser() user: UserRow, @Param('id', articleId) id: string): Promise<ArticleResponse> {
    return this.articles.remove(user.id, id);
  }
}
