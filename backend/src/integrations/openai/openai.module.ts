import { Global, Module } from '@nestjs/common';
import { OpenAiClientFactory } from './openai.client';
import { OpenAiFineTuning } from './openai-fine-tuning';

@Global()
@Module({ providers: [OpenAiClientFactory, OpenAiFineTuning], exports: [OpenAiClientFactory, OpenAiFineTuning] })
export class OpenAiModule {}
