import { Global, Module } from '@nestjs/common';
import { GoogleTokens } from './google-tokens';
import { GoogleDocs } from './google-docs';

@Global()
@Module({ providers: [GoogleTokens, GoogleDocs], exports: [GoogleTokens, GoogleDocs] })
export class GoogleModule {}
