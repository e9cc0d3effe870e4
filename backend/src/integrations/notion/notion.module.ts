import { Global, Module } from '@nestjs/common';
import { NotionClient } from './notion.client';

@Global()
@Module({ providers: [NotionClient], exports: [NotionClient] })
export class NotionModule {}
