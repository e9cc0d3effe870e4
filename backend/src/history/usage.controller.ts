import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../workspaces/current-user';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { roundUsd } from '../integrations/openai/prices';
import { HistoryRepository } from './history.repository';
import { spentUsd, totalOf } from '../integrations/openai/usage';
import { UsageQueryDto, UsageResponse } from './usage.dto';
import { Access } from '../common/access';
import { ModelsService } from '../models/models.service';

const day = (date: Date) => date.toISOString().slice(0, 10);

@ApiTags('history')
@Access('usage', 'read')
@Controller('usage')
export class UsageController {
  constructor(
    private readonly history: HistoryRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly models: ModelsService,
  ) {}

  @Get()
  @ApiOperation({ summary: "Tokens and cost of the operator's articles and previews between two days (default: this calendar month, UTC)" })
  @ApiOkResponse({ type: UsageResponse })
  async usage(@CurrentUser() user: AuthUser, @Query() query: UsageQueryDto): Promise<UsageResponse> {
    const now = new Date();
    const from = query.from ?? day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)));
    const to = query.to ?? day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)));
    const { articles, previews, sections, byModel } = await this.history.usage(user, from, to);
    const prices = this.config.openAiPrices;
    // A model written both at once and in bulk is one row: its cost is each part at its price.
    const models = new Map<string | null, { model: string | null; prompt_tokens: number; completion_tokens: number; cost_usd: number | null }>();
    const vendors = await this.models.vendorsOf(user, [...new Set(byModel.map((part) => part.model).filter((m): m is string => m !== null))]);
    for (const part of byModel) {
      const usd = spentUsd(part, prices);
      const sum = models.get(part.model) ?? { model: part.model, prompt_tokens: 0, completion_tokens: 0, cost_usd: 0 };
      sum.prompt_tokens += part.promptTokens;
      sum.completion_tokens += part.completionTokens;
      sum.cost_usd = sum.cost_usd === null || usd === null ? null : sum.cost_usd + usd;
      models.set(part.model, sum);
    }
    const byCost = (a: { cost_usd: number | null }, b: { cost_usd: number | null }) => (b.cost_usd ?? -1) - (a.cost_usd ?? -1);
    const by_model = [...models.values()]
      .map((m) => ({ ...m, vendor: (m.model && vendors.get(m.model)) ?? 'OpenAI', cost_usd: m.cost_usd === null ? null : roundUsd(m.cost_usd) }))
      .sort((a, b) => byCost(a, b) || String(a.model).localeCompare(String(b.model)));
    const perVendor = new Map<string, { vendor: string; prompt_tokens: number; completion_tokens: number; cost_usd: number | null }>();
    for (const m of by_model) {
      const sum = perVendor.get(m.vendor) ?? { vendor: m.vendor, prompt_tokens: 0, completion_tokens: 0, cost_usd: 0 };
      sum.prompt_tokens += m.prompt_tokens;
      sum.completion_tokens += m.completion_tokens;
      sum.cost_usd = sum.cost_usd === null || m.cost_usd === null ? null : roundUsd(sum.cost_usd + m.cost_usd);
      perVendor.set(m.vendor, sum);
    }
    const by_vendor = [...perVendor.values()].sort((a, b) => byCost(a, b) || a.vendor.localeCompare(b.vendor));
    return { from, to, articles, previews, sections, ...totalOf(byModel, prices), by_model, by_vendor };
  }
}
