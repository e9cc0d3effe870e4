import { Global, Module } from '@nestjs/common';
import { OpenAiClientFactory } from './openai.client';
import { OpenAiFineTuning } from './openai-fine-tuning';
import { OpenAiChat } from './openai-chat';
import { OpenAiEmbeddings } from './openai-embeddings';
import { OpenAiModels } from './openai-models';

const providers = [OpenAiClientFactory, OpenAiFineTuning, OpenAiChat, OpenAiEmbeddings, OpenAiModels];

@Global()
@Module({ providers, exports: providers })
export class OpenAiModule {}
