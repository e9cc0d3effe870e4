import { Global, Module } from '@nestjs/common';
import { OpenAiClientFactory } from './openai.client';
import { OpenAiFineTuning } from './openai-fine-tuning';
import { OpenAiChat } from './openai-chat';
import { OpenAiEmbeddings } from './openai-embeddings';

@Global()
@Module({ providers: [OpenAiClientFactory, OpenAiFineTuning, OpenAiChat, OpenAiEmbeddings], exports: [OpenAiClientFactory, OpenAiFineTuning, OpenAiChat, OpenAiEmbeddings] })
export class OpenAiModule {}
