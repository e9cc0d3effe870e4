import { Global, Module } from '@nestjs/common';
import { OpenAiClientFactory } from './openai.client';
import { OpenAiFineTuning } from './openai-fine-tuning';
import { OpenAiChat } from './openai-chat';

@Global()
@Module({ providers: [OpenAiClientFactory, OpenAiFineTuning, OpenAiChat], exports: [OpenAiClientFactory, OpenAiFineTuning, OpenAiChat] })
export class OpenAiModule {}
