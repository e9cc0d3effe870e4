import { Controller, Get, Inject, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../common/api-docs';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { DatabaseService } from '../database/database.service';
import { OutsideWorkspace } from '../common/access';

export class HealthResponse {
  @ApiProperty({ enum: ['ok'] })
  status!: 'ok';

  @ApiProperty({ enum: ['pglite', 'postgres'], description: 'The embedded database, or PostgreSQL (DATABASE_URL)' })
  database!: 'pglite' | 'postgres';
}

export class GooglePickerConfigResponse {
  @ApiProperty({ type: String, nullable: true, description: 'GOOGLE_PICKER_API_KEY' })
  apiKey!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'GOOGLE_APP_ID' })
  appId!: string | null;
}

export class PublicConfigResponse {
  @ApiProperty({ enum: ['local', 'google'], description: 'AUTH_MODE' })
  authMode!: AppConfig['authMode'];

  @ApiProperty({ description: 'Running against the simulators (npm run demo)' })
  demo!: boolean;

  @ApiProperty({ type: GooglePickerConfigResponse })
  googlePicker!: GooglePickerConfigResponse;
}

@ApiTags('health')
@OutsideWorkspace()
@Controller()
export class HealthController {
  constructor(
    private readonly database: DatabaseService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('health')
  @ApiOperation({ summary: 'Liveness and database reachability' })
  @ApiOkResponse({ type: HealthResponse })
  @ApiErrors(503)
  async health(): Promise<HealthResponse> {
    try {
      await this.database.ping();
    } catch {
      throw new ServiceUnavailableException(`The ${this.database.kind} database does not answer.`);
    }
    return { status: 'ok', database: this.database.kind };
  }

  @Get('config')
  @ApiOperation({ summary: 'Public settings the browser needs before sign-in' })
  @ApiOkResponse({ type: PublicConfigResponse })
  publicConfig(): PublicConfigResponse {
    return {
      authMode: this.config.authMode,
      demo: this.config.demo,
      googlePicker: { apiKey: this.config.google.pickerApiKey, appId: this.config.google.appId },
    };
  }
}
