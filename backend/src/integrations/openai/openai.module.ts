import { Global, Module } from '@nestjs/common';
import { OpenAiClientFactory } from './openai.client';
import { OpenAiFineTuning } from './openai-fine-tuning';
import { OpenAiBatches } from './openai-batches';
import { OpenAiChat } from './openai-chat';
import { OpenAiEmbeddings } from './openai-embeddings';
import { OpenAiModels } from './openai-models';
import { ModelParameters } from './model-parameters';
import { ModelParametersRepository } from './model-parameters.repository';
import { FineTuneRefusalsRepository } from './fine-tune-refusals.repository';

const providers = [
  OpenAiClientFactory,
  OpenAiFineTuning,
  OpenAiBatches,
  OpenAiChat,
  OpenAiEmbeddings,
  OpenAiModels,
  ModelParameters,
  ModelParametersRepository,
  FineTuneRefusalsRepository,
];

@Global()
@Module({ providers, exports: providers })
export class OpenAiModule {}
