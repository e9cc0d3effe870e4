import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNumber, IsUUID, Max, Min, ValidateIf } from 'class-validator';
import { IsOmittable } from '../common/validation';
import { roundUsd } from '../integrations/openai/prices';
import type { SectionEstimate } from './budget-estimate';
import type { BudgetReport, RowsEstimate } from './budgets.service';

/** The most a monthly limit may be: a million dollars (a typing slip beyond it is refused, not kept). */
export const MAX_MONTHLY_LIMIT_USD = 1_000_000;

/** A limit changed. */
export class UpdateBudgetDto {
  @ApiProperty({ example: 50, description: 'US dollars a calendar month (UTC), more than 0 and at most 1,000,000' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'monthly_limit_usd must be a number of dollars' })
  @Min(0.000001, { message: 'monthly_limit_usd must be more than 0' })
  @Max(MAX_MONTHLY_LIMIT_USD, { message: `monthly_limit_usd must be at most ${MAX_MONTHLY_LIMIT_USD.toLocaleString('en-US')}` })
  monthly_limit_usd!: number;
}

/** A monthly limit set: the workspace's (no client, no template), a client's or a template's. */
export class SetBudgetDto extends UpdateBudgetDto {
  @ApiPropertyOptional({ type: String, nullable: true, description: "A client's id for its limit; null or left out for the workspace's" })
  @IsOmittable()
  @ValidateIf((_, value) => value !== null)
  @IsUUID('all', { message: 'client_id must be the _id of one of your clients, or null for the workspace' })
  client_id?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: "An article template's id for the limit of the articles written from it (never beside client_id); null or left out otherwise",
  })
  @IsOmittable()
  @ValidateIf((_, value) => value !== null)
  @IsUUID('all', { message: 'article_id must be the _id of one of your article templates, or null' })
  article_id?: string | null;
}

export class BudgetResponse {
  @ApiProperty({ format: 'uuid' })
  _id!: string;
  @ApiProperty({ type: String, nullable: true, format: 'uuid', description: "The client's id; null for the workspace's limit" })
  client_id!: string | null;
  @ApiProperty({ type: String, nullable: true })
  client_name!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'uuid', description: "The template's id for a template's limit; else null" })
  article_id!: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The template's title" })
  article_name!: string | null;
  @ApiProperty()
  monthly_limit_usd!: number;
  @ApiProperty({ example: '2026-11', description: 'The calendar month (UTC) the spend is of' })
  month!: string;
  @ApiProperty({ description: "What the month's sections of the articles it covers cost" })
  spent_usd!: number;
  @ApiProperty({ description: 'What articles being written have reserved beyond what they spent' })
  held_usd!: number;
  @ApiProperty({ description: "The month's spend at its pace so far, carried to the month's end" })
  projected_usd!: number;
  @ApiProperty({ description: 'Articles waiting for room in it' })
  waiting!: number;
}

export function toBudgetResponse(report: BudgetReport): BudgetResponse {
  return {
    _id: report.budget.id,
    client_id: report.budget.clientId,
    client_name: report.clientName,
    article_id: report.budget.articleId,
    article_name: report.articleName,
    monthly_limit_usd: report.budget.monthlyLimitUsd,
    month: report.month,
    spent_usd: roundUsd(report.spentUsd),
    held_usd: roundUsd(report.heldUsd),
    projected_usd: roundUsd(report.projectedUsd),
    waiting: report.waiting,
  };
}

export class SectionEstimateResponse {
  @ApiProperty()
  position!: number;
  @ApiProperty()
  heading!: string;
  @ApiProperty({ description: "The model's name at its vendor" })
  model!: string;
  @ApiProperty()
  prompt_tokens!: number;
  @ApiProperty({ description: 'The most the model has written in a section (4,096 before it has written any)' })
  completion_tokens!: number;
  @ApiProperty({ type: Number, nullable: true, description: "Null when the model's price is unknown" })
  cost_usd!: number | null;
}

export class EstimateResponse {
  @ApiProperty({ type: Number, nullable: true, description: "About what an article of the template costs; null when a model's price is unknown" })
  cost_usd!: number | null;
  @ApiProperty({ type: [SectionEstimateResponse] })
  sections!: SectionEstimateResponse[];
}

export function toEstimateResponse(estimate: { usd: number | null; sections: SectionEstimate[] }): EstimateResponse {
  return {
    cost_usd: estimate.usd === null ? null : roundUsd(estimate.usd),
    sections: estimate.sections.map((s) => ({
      position: s.position,
      heading: s.heading,
      model: s.model,
      prompt_tokens: s.promptTokens,
      completion_tokens: s.completionTokens,
      cost_usd: s.usd === null ? null : roundUsd(s.usd),
    })),
  };
}

/** What the rows at the start value in Notion would cost to write now (GET /api/generation/estimate). */
export class RowsEstimateResponse {
  @ApiProperty({ example: 'Start Generating', description: "The status value that starts a row (the workspace's status settings)" })
  start_value!: string;
  @ApiProperty({ description: 'Rows at the start value now' })
  rows!: number;
  @ApiProperty({ description: 'About what the rows whose template and prices are known cost, as each reserves it before it starts' })
  cost_usd!: number;
  @ApiProperty({ description: "Rows a model's unknown price leaves out of cost_usd" })
  unpriced!: number;
  @ApiProperty({ description: 'Rows that name no template, or one that is not there (they fail, costing nothing)' })
  without_template!: number;
}

export function toRowsEstimateResponse(estimate: RowsEstimate): RowsEstimateResponse {
  return {
    start_value: estimate.startValue,
    rows: estimate.rows,
    cost_usd: roundUsd(estimate.usd),
    unpriced: estimate.unpriced,
    without_template: estimate.withoutTemplate,
  };
}
