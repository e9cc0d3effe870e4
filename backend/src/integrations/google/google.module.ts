import { Global, Module } from '@nestjs/common';
import { GoogleTokens } from './google-tokens';

@Global()
@Module({ providers: [GoogleTokens], exports: [GoogleTokens] })
export class GoogleModule {}
