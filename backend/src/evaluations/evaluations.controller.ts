import { Body, Controller, Get, Header, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiExtraModels, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AuthUser, CurrentUser } from '../workspaces/current-user';
import { ApiErrors, ApiList } from '../common/api-docs';
import { IdParamPipe } from '../common/id-param';
import { ListQuery, ListQueryPipe, sendPage } from '../common/list-query';
import {
  CreateEvaluationDto,
  EvaluationEstimateResponse,
  EvaluationListResponse,
  EvaluationOutputResponse,
  EvaluationResponse,
  JudgmentDto,
} from './evaluations.dto';
import { EVALUATION_FILTERABLE, EVALUATION_SORTABLE } from './evaluations.repository';
import { EvaluationsService } from './evaluations.service';
import { Access, NotAudited } from '../common/access';

const LIST = { sortable: EVALUATION_SORTABLE, filterable: EVALUATION_FILTERABLE };
const evaluationId = new IdParamPipe('Evaluation not found.');

@ApiTags('evaluations')
@ApiExtraModels(EvaluationOutputResponse)
@Controller('evaluations')
export class EvaluationsController {
  constructor(private readonly evaluations: EvaluationsService) {}

  @Post()
  @Access('evaluations', 'write')
  @ApiOperation({
    summary:
      "Evaluate setups on a model's examples: `holdout` of them (the same ones for the same set) are written again by each variant, from the example's own system and user messages, with `examples_count` of the set's other examples nearest in meaning sent before; every output is scored against the original (cosine similarity of embeddings, ROUGE-L F1). A background job: answers at once",
  })
  @ApiCreatedResponse({ type: EvaluationResponse, description: 'The evaluation, queued, with its items' })
  @ApiErrors(400, 409)
  create(@CurrentUser() user: AuthUser, @Body() body: CreateEvaluationDto): Promise<EvaluationResponse> {
    return this.evaluations.create(user, body);
  }

  @Post('estimate')
  @Access('evaluations', 'write')
  @NotAudited()
  @HttpCode(200)
  @ApiOperation({ summary: 'What POST /api/evaluations would send and cost, checked as it checks; nothing is stored or sent' })
  @ApiOkResponse({ type: EvaluationEstimateResponse })
  @ApiErrors(400)
  estimate(@CurrentUser() user: AuthUser, @Body() body: CreateEvaluationDto): Promise<EvaluationEstimateResponse> {
    return this.evaluations.estimate(user, body);
  }

  @Get()
  @Access('evaluations', 'read')
  @ApiOperation({
    summary: 'Your evaluations, newest first: each with its progress, summary per variant and verdict, without its items (GET /api/evaluations/{id} has them)',
  })
  @ApiList(EvaluationListResponse, 'evaluations', LIST)
  async list(
    @CurrentUser() user: AuthUser,
    @Query(new ListQueryPipe(LIST)) query: ListQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<EvaluationListResponse[]> {
    return sendPage(res, 'evaluations', await this.evaluations.list(user, query));
  }

  @Get(':id')
  @Access('evaluations', 'read')
  @ApiOperation({ summary: 'One evaluation: its progress, items with every variant’s output and scores, and the summary per variant' })
  @ApiOkResponse({ type: EvaluationResponse })
  @ApiErrors(404)
  get(@CurrentUser() user: AuthUser, @Param('id', evaluationId) id: string): Promise<EvaluationResponse> {
    return this.evaluations.get(user, id);
  }

  @Post(':id/judgments')
  @Access('evaluations', 'write')
  @ApiOperation({ summary: 'Judge one item: which of its two outputs is better (a variant’s label), or "tie"; a later judgment replaces it' })
  @ApiCreatedResponse({ type: EvaluationResponse, description: 'The evaluation with the judgment counted' })
  @ApiErrors(400, 404, 409)
  judge(@CurrentUser() user: AuthUser, @Param('id', evaluationId) id: string, @Body() body: JudgmentDto): Promise<EvaluationResponse> {
    return this.evaluations.judge(user, id, body);
  }

  @Get(':id/promptfoo.yaml')
  @Access('evaluations', 'read')
  @ApiOperation({ summary: 'The evaluation as a Promptfoo configuration, to run it again outside Quire (`npx promptfoo eval -c promptfoo.yaml`)' })
  @ApiProduces('application/yaml')
  @ApiOkResponse({
    description: 'A promptfooconfig: prompts and one OpenAI provider per variant, each held-out example a test with a similarity assertion',
    schema: { type: 'string' },
  })
  @ApiErrors(404)
  @Header('Content-Type', 'application/yaml; charset=utf-8')
  async promptfoo(@CurrentUser() user: AuthUser, @Param('id', evaluationId) id: string, @Res({ passthrough: true }) res: Response): Promise<string> {
    res.setHeader('Content-Disposition', `attachment; filename="promptfoo-${id}.yaml"`);
    return this.evaluations.promptfoo(user, id);
  }
}
