import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AuthUser, CurrentUser } from '../workspaces/current-user';
import { IdParamPipe } from '../common/id-param';
import { ListQuery, ListQueryPipe, sendPage } from '../common/list-query';
import { AddExampleDto, CreateModelDto, ExampleResponse, ModelResponse, RemoveExampleDto } from './models.dto';
import { MODEL_FILTERABLE, MODEL_SORTABLE } from './models.repository';
import { ModelsService } from './models.service';
import { ApiErrors, ApiList } from '../common/api-docs';
import { Access } from '../common/access';

const modelId = new IdParamPipe('Model not found.');
const LIST = { sortable: MODEL_SORTABLE, filterable: MODEL_FILTERABLE };

/** What removing an example answers: the section's uuid. */
class RemovedExampleResponse {
  @ApiProperty()
  uuid!: string;
}

@ApiTags('models')
@Controller('models')
export class ModelsController {
  constructor(private readonly models: ModelsService) {}

  @Get()
  @Access('models', 'read')
  @ApiOperation({ summary: 'Models with example counts and what may be done with each' })
  @ApiList(ModelResponse, 'models', LIST)
  async list(
    @CurrentUser() user: AuthUser,
    @Query(new ListQueryPipe(LIST)) query: ListQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ModelResponse[]> {
    return sendPage(res, 'models', await this.models.list(user, query));
  }

  @Get(':id')
  @Access('models', 'read')
  @ApiOperation({ summary: 'One model with its examples' })
  @ApiOkResponse({ type: ModelResponse })
  get(@CurrentUser() user: AuthUser, @Param('id', modelId) id: string): Promise<ModelResponse> {
    return this.models.get(user, id);
  }

  @Get(':id/examples.jsonl')
  @Access('models', 'read')
  @ApiOperation({ summary: "The model's examples in OpenAI's chat fine-tuning format, to keep them or use them elsewhere (a download)" })
  @ApiProduces('application/jsonl')
  @ApiOkResponse({ description: 'One {"messages":[system, user, assistant]} object per line', schema: { type: 'string' } })
  async examples(@CurrentUser() user: AuthUser, @Param('id', modelId) id: string, @Res({ passthrough: true }) res: Response): Promise<string> {
    const { name, jsonl } = await this.models.examplesJsonl(user, id);
    // attachment() sets a type from the file's extension, which Express does not know: the type goes after it.
    res.attachment(`${name}.jsonl`);
    res.type('application/jsonl');
    return jsonl;
  }

  @Post()
  @Access('models', 'write')
  @ApiOperation({ summary: 'Create a model (name unique per user, base model from the list)' })
  @ApiCreatedResponse({ type: ModelResponse })
  @ApiErrors(409)
  create(@CurrentUser() user: AuthUser, @Body() body: CreateModelDto): Promise<ModelResponse> {
    return this.models.create(user, body.name, body.base_model, body.connection_id ?? null);
  }

  @Delete(':id')
  @Access('models', 'write')
  @ApiOperation({ summary: 'Delete a tuned model whose job has ended (also at OpenAI)' })
  @ApiOkResponse({ type: ModelResponse, description: 'The deleted model' })
  @ApiErrors(409, 502)
  remove(@CurrentUser() user: AuthUser, @Param('id', modelId) id: string): Promise<ModelResponse> {
    return this.models.remove(user, id);
  }

  @Post(':id/add-example')
  @Access('models', 'write')
  @ApiOperation({ summary: 'Add a training example; a uuid already in the model is a 409 unless replace is true' })
  @ApiCreatedResponse({ type: ExampleResponse })
  @ApiErrors(409)
  addExample(@CurrentUser() user: AuthUser, @Param('id', modelId) id: string, @Body() body: AddExampleDto): Promise<ExampleResponse> {
    return this.models.addExample(user, id, body.example, body.replace === true);
  }

  @Delete(':id/remove-example')
  @Access('models', 'write')
  @HttpCode(200)
  @ApiOperation({ summary: 'Remove the example of a section (by uuid)' })
  @ApiOkResponse({ type: RemovedExampleResponse })
  removeExample(@CurrentUser() user: AuthUser, @Param('id', modelId) id: string, @Body() body: RemoveExampleDto): Promise<{ uuid: string }> {
    return this.models.removeExample(user, id, body.uuid);
  }
}
