import { Body, ConflictException, Controller, Delete, Get, HttpException, NotFoundException, Param, Post, Put, Query, Res } from '@nestjs/common';
import { isForPeople } from '../common/job-failure';
import type { Response } from 'express';
import { ListQuery, ListQueryPipe, sendPage } from '../common/list-query';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Access } from '../common/access';
import { ApiErrors, ApiList } from '../common/api-docs';
import { IdParamPipe } from '../common/id-param';
import { AuthUser, CurrentUser } from '../workspaces/current-user';
import { ArticlesRepository } from '../articles/articles.repository';
import {
  BudgetResponse,
  EstimateResponse,
  RowsEstimateResponse,
  SetBudgetDto,
  toBudgetResponse,
  toEstimateResponse,
  toRowsEstimateResponse,
  UpdateBudgetDto,
} from './budgets.dto';
import { BudgetsService } from './budgets.service';

const budgetId = new IdParamPipe('Budget not found.');
/** Always the whole list, the workspace's first; only ids filter it. */
const LIST = { sortable: [], filterable: { id: 'uuid' } } as const;
const articleId = new IdParamPipe('Article not found.');

@ApiTags('budgets')
@Controller()
export class BudgetsController {
  constructor(
    private readonly budgets: BudgetsService,
    private readonly articles: ArticlesRepository,
  ) {}

  @Get('budgets')
  @Access('budgets', 'read')
  @ApiOperation({
    summary: "The workspace's monthly limits (its own first, then its clients'), each with this month's spend against it; always the whole list",
  })
  @ApiList(BudgetResponse, 'budgets', LIST)
  async list(
    @CurrentUser() user: AuthUser,
    @Query(new ListQueryPipe(LIST)) query: ListQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<BudgetResponse[]> {
    // One a workspace and one a client: the list is short, in its one order, filtered here by id (react-admin's getMany).
    const ids = query.filter.id === undefined ? null : [query.filter.id].flat();
    const rows = (await this.budgets.list(user)).map(toBudgetResponse).filter((budget) => !ids || ids.includes(budget._id));
    return sendPage(res, 'budgets', { rows, total: rows.length, start: 0 });
  }

  @Get('articles/:id/estimate')
  @Access('articles', 'read')
  @ApiOperation({ summary: 'About what an article of the template costs on its models, section by section, as an article reserves it before it starts' })
  @ApiOkResponse({ type: EstimateResponse })
  @ApiErrors(404)
  async estimate(@CurrentUser() user: AuthUser, @Param('id', articleId) id: string): Promise<EstimateResponse> {
    const article = await this.articles.findOwned(user, id);
    if (!article) throw new NotFoundException('Article not found.');
    return toEstimateResponse(await this.budgets.estimateTemplate(user, article));
  }

  @Get('generation/estimate')
  @Access('generation', 'read')
  @ApiOperation({
    summary: 'About what writing the rows at the start value in Notion would cost now, as each reserves it before it starts; nothing is claimed',
  })
  @ApiOkResponse({ type: RowsEstimateResponse })
  @ApiErrors(409)
  async estimateRows(@CurrentUser() user: AuthUser): Promise<RowsEstimateResponse> {
    try {
      return toRowsEstimateResponse(await this.budgets.estimateRows(user));
    } catch (error) {
      // Notion not set up, or not answering as it should: said as the check says it.
      if (isForPeople(error) && !(error instanceof HttpException)) throw new ConflictException(error.message);
      throw error;
    }
  }

  @Get('budgets/:id')
  @Access('budgets', 'read')
  @ApiOperation({ summary: "One monthly limit, with this month's spend against it" })
  @ApiOkResponse({ type: BudgetResponse })
  @ApiErrors(404)
  async get(@CurrentUser() user: AuthUser, @Param('id', budgetId) id: string): Promise<BudgetResponse> {
    return toBudgetResponse(await this.budgets.get(user, id));
  }

  @Post('budgets')
  @Access('budgets', 'write')
  @ApiOperation({
    summary: "Set a monthly limit: the workspace's (no client_id, no article_id), a client's or a template's; articles waiting for room try again",
  })
  @ApiCreatedResponse({ type: BudgetResponse })
  @ApiErrors(409)
  async create(@CurrentUser() user: AuthUser, @Body() body: SetBudgetDto): Promise<BudgetResponse> {
    return toBudgetResponse(await this.budgets.create(user, { clientId: body.client_id ?? null, articleId: body.article_id ?? null }, body.monthly_limit_usd));
  }

  @Put('budgets/:id')
  @Access('budgets', 'write')
  @ApiOperation({ summary: 'Change a monthly limit; articles waiting for room try again' })
  @ApiOkResponse({ type: BudgetResponse })
  async update(@CurrentUser() user: AuthUser, @Param('id', budgetId) id: string, @Body() body: UpdateBudgetDto): Promise<BudgetResponse> {
    return toBudgetResponse(await this.budgets.update(user, id, body.monthly_limit_usd));
  }

  @Delete('budgets/:id')
  @Access('budgets', 'write')
  @ApiOperation({ summary: 'Remove a monthly limit; articles waiting for room start' })
  @ApiOkResponse({ type: BudgetResponse, description: 'The limit removed, with the month as it stood' })
  async remove(@CurrentUser() user: AuthUser, @Param('id', budgetId) id: string): Promise<BudgetResponse> {
    return toBudgetResponse(await this.budgets.remove(user, id));
  }
}
