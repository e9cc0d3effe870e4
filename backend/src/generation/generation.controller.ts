import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../workspaces/current-user';
import { OpenAiChat } from '../integrations/openai/openai-chat';
import { WorkspaceSettingsService } from '../workspaces/settings.service';
import { GenerationService } from './generation.service';
import { CheckNowResponse, ConnectionTestResponse, LastCheckResponse } from './generation.dto';
import { Access, NotAudited } from '../common/access';

@ApiTags('generation')
@Controller('generation')
export class GenerationController {
  constructor(
    private readonly generation: GenerationService,
    private readonly settings: WorkspaceSettingsService,
    private readonly chat: OpenAiChat,
  ) {}

  @Get('status')
  @Access('generation', 'read')
  @ApiOperation({ summary: 'The last Notion check for this user: when, what it found, and any problem' })
  @ApiOkResponse({ type: LastCheckResponse })
  status(@CurrentUser() user: AuthUser): LastCheckResponse {
    return { lastCheck: this.generation.lastReport(user) };
  }

  @Post('check-now')
  @Access('generation', 'write')
  @HttpCode(200)
  @ApiOperation({ summary: 'Check the Notion database for rows to write now' })
  @ApiOkResponse({ type: CheckNowResponse })
  async checkNow(@CurrentUser() user: AuthUser): Promise<CheckNowResponse> {
    return { lastCheck: await this.generation.poll(user) };
  }

  @Post('test-notion')
  @Access('generation/test-notion', 'write')
  @NotAudited()
  @HttpCode(200)
  @ApiOperation({ summary: 'Database reachable and the status property offers the four values' })
  @ApiOkResponse({ type: ConnectionTestResponse })
  testNotion(@CurrentUser() user: AuthUser): Promise<ConnectionTestResponse> {
    return this.generation.testNotion(user);
  }

  @Post('test-openai')
  @Access('generation/test-openai', 'write')
  @NotAudited()
  @HttpCode(200)
  @ApiOperation({ summary: 'The saved OpenAI key is accepted' })
  @ApiOkResponse({ type: ConnectionTestResponse })
  async testOpenAi(@CurrentUser() user: AuthUser): Promise<ConnectionTestResponse> {
    const key = await this.settings.getSecret(user.workspaceId, 'OPENAI_API_KEY');
    if (!key) return { ok: false, message: 'No OpenAI API key is saved.' };
    try {
      await this.chat.testKey(key);
      return { ok: true, message: 'Connected: OpenAI accepts the key.' };
    } catch (error) {
      return { ok: false, message: (error as Error).message };
    }
  }
}
