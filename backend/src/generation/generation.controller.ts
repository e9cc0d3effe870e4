import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../auth/current-user';
import { OpenAiChat } from '../integrations/openai/openai-chat';
import { UserRow } from '../users/users.schema';
import { UsersService } from '../users/users.service';
import { GenerationService, PollReport } from './generation.service';

@ApiTags('generation')
@Controller('generation')
export class GenerationController {
  constructor(
    private readonly generation: GenerationService,
    private readonly users: UsersService,
    private readonly chat: OpenAiChat,
  ) {}

  @Get('status')
  @ApiOperation({ summary: 'The last Notion check for this user: when, what it found, and any problem' })
  status(@CurrentUser() user: UserRow): { lastCheck: PollReport | null } {
    return { lastCheck: this.generation.lastReport(user.id) };
  }

  @Post('check-now')
  @HttpCode(200)
  @ApiOperation({ summary: 'Check the Notion database for rows to write now' })
  async checkNow(@CurrentUser() user: UserRow): Promise<{ lastCheck: PollReport }> {
    return { lastCheck: await this.generation.poll(user.id) };
  }

  @Post('test-notion')
  @HttpCode(200)
  @ApiOperation({ summary: 'Database reachable and the status property offers the four values' })
  testNotion(@CurrentUser() user: UserRow): Promise<{ ok: boolean; message: string }> {
    return this.generation.testNotion(user.id);
  }

  @Post('test-openai')
  @HttpCode(200)
  @ApiOperation({ summary: 'The saved OpenAI key is accepted' })
  async testOpenAi(@CurrentUser() user: UserRow): Promise<{ ok: boolean; message: string }> {
    const key = await this.users.getSecret(user.id, 'OPENAI_API_KEY');
    if (!key) return { ok: false, message: 'No OpenAI API key is saved.' };
    try {
      await this.chat.testKey(key);
      return { ok: true, message: 'Connected: OpenAI accepts the key.' };
    } catch (error) {
      return { ok: false, message: (error as Error).message };
    }
  }
}
