import { ApiProperty, getSchemaPath } from '@nestjs/swagger';
import { CostResponse, SpentResponse } from '../common/spent.dto';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsDefined,
  IsInt,
  IsObject,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { EVALUATION_LIMITS, EXAMPLES_COUNT, JUDGMENTS_FOR_VERDICT, TIE } from '@quire/shared';
import { IsExamplesCount } from '../sections/sections.dto';
import { EvaluationStatus } from './evaluations.schema';

const { variants: VARIANTS, holdout: HOLDOUT, label: LABEL } = EVALUATION_LIMITS;
const holdoutMessage = `holdout must be a whole number from ${HOLDOUT.min} to ${HOLDOUT.max}`;
const variantsMessage = `variants must be a list of ${VARIANTS.min} to ${VARIANTS.max} setups`;

export class EvaluationVariantDto {
  @ApiProperty({
    maxLength: LABEL,
    example: 'gpt-6 + 3 examples',
    description: `How the variant is named in the results (unique in the evaluation; not "${TIE}")`,
  })
  @IsDefined({ message: 'label is required' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'label must be text' })
  @MinLength(1, { message: 'label is required' })
  @MaxLength(LABEL, { message: `label must be at most ${LABEL} characters` })
  label!: string;

  @ApiProperty({ format: 'uuid', description: 'One of your models, tuned or not: the variant writes with it (its tuned model when it has one)' })
  @IsUUID('all', { message: 'model must be one of your models' })
  model!: string;

  @ApiProperty({
    type: 'integer',
    minimum: EXAMPLES_COUNT.min,
    maximum: EXAMPLES_COUNT.max,
    description: "How many of the evaluated model's other examples (never a held-out one) are sent in-context, nearest first",
  })
  @IsExamplesCount()
  examples_count!: number;
}

export class CreateEvaluationDto {
  @ApiProperty({ format: 'uuid', description: 'The model whose examples are evaluated: some are held out and written again by each variant' })
  @IsUUID('all', { message: 'modelId must be one of your models' })
  modelId!: string;

  @ApiProperty({ type: 'integer', minimum: HOLDOUT.min, maximum: HOLDOUT.max, description: 'How many examples are held out (the same ones for the same set)' })
  @IsInt({ message: holdoutMessage })
  @Min(HOLDOUT.min, { message: holdoutMessage })
  @Max(HOLDOUT.max, { message: holdoutMessage })
  holdout!: number;

  @ApiProperty({ type: [EvaluationVariantDto], minItems: VARIANTS.min, maxItems: VARIANTS.max })
  @IsArray({ message: variantsMessage })
  @ArrayMinSize(VARIANTS.min, { message: variantsMessage })
  @ArrayMaxSize(VARIANTS.max, { message: variantsMessage })
  @IsObject({ each: true, message: 'each variant must be an object {label, model, examples_count}' })
  @ValidateNested({ each: true })
  @Type(() => EvaluationVariantDto)
  variants!: EvaluationVariantDto[];
}

export class JudgmentDto {
  @ApiProperty({ format: 'uuid', description: "The item's _id" })
  @IsUUID('all', { message: 'item must be one of the evaluation’s items' })
  item!: string;

  @ApiProperty({ example: 'gpt-6 + 3 examples', description: `The label of the variant whose output is better, or "${TIE}"` })
  @IsDefined({ message: 'winner is required' })
  @IsString({ message: 'winner must be a variant’s label or "tie"' })
  winner!: string;
}

export class EvaluationVariantResponse {
  @ApiProperty()
  label!: string;

  @ApiProperty({ format: 'uuid' })
  model!: string;

  @ApiProperty({ description: "The model's name when the evaluation was asked for" })
  model_name!: string;

  @ApiProperty({ type: 'integer' })
  examples_count!: number;
}

export class EvaluationOutputResponse extends SpentResponse {
  @ApiProperty({ description: 'What the variant wrote' })
  text!: string;

  @ApiProperty({ description: 'The OpenAI model it wrote with' })
  model!: string;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: "Cosine similarity of its embedding and the original's, in [0, 1] (negative similarities count as 0); null until scored",
  })
  similarity!: number | null;

  @ApiProperty({ description: 'ROUGE-L F1 against the original, in [0, 1]' })
  rouge_l!: number;

  @ApiProperty({ description: 'prompt + completion tokens, as OpenAI reported them' })
  tokens!: number;

  @ApiProperty({ type: [String], description: 'The uuids of the in-context examples it was given' })
  examples!: string[];
}

export class EvaluationItemResponse {
  @ApiProperty({ format: 'uuid' })
  _id!: string;

  @ApiProperty({ description: 'Its place in the evaluation, from 0' })
  position!: number;

  @ApiProperty({ description: "The held-out example's uuid" })
  example_uuid!: string;

  @ApiProperty({ description: "The example's system message, as each variant was sent it" })
  system!: string;

  @ApiProperty({ description: "The example's user message: what each variant wrote from" })
  prompt!: string;

  @ApiProperty({ description: "The example's assistant message: what the outputs are scored against" })
  original!: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: { $ref: getSchemaPath(EvaluationOutputResponse) },
    description: 'Per variant label, its output (absent until written)',
  })
  outputs!: Record<string, EvaluationOutputResponse>;

  @ApiProperty({
    type: [String],
    minItems: 2,
    maxItems: 2,
    description: 'The two variants judged on this item, as A and B (a random order, set when the evaluation was made)',
  })
  pair!: [string, string];

  @ApiProperty({ type: String, nullable: true, description: `The judgment: a variant's label, "${TIE}", or null before it is judged` })
  winner!: string | null;
}

export class VariantSummaryResponse extends SpentResponse {
  @ApiProperty()
  label!: string;

  @ApiProperty({ description: 'Outputs written' })
  outputs!: number;

  @ApiProperty({ type: Number, nullable: true })
  mean_similarity!: number | null;

  @ApiProperty({ type: Number, nullable: true })
  mean_rouge_l!: number | null;

  @ApiProperty({ description: 'Judged pairs it was in' })
  judged!: number;

  @ApiProperty()
  wins!: number;

  @ApiProperty()
  losses!: number;

  @ApiProperty()
  ties!: number;

  @ApiProperty({ type: Number, nullable: true, description: '(wins + ties / 2) / judged; null before it is judged' })
  win_rate!: number | null;

  @ApiProperty({ type: Number, nullable: true, description: "The win rate's 95 % Wilson interval, low end" })
  win_rate_low!: number | null;

  @ApiProperty({ type: Number, nullable: true, description: "The win rate's 95 % Wilson interval, high end" })
  win_rate_high!: number | null;
}

export class VerdictResponse {
  @ApiProperty({ description: `Whether ${JUDGMENTS_FOR_VERDICT} items or more are judged, so the verdict is given` })
  decided!: boolean;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The label of the variant that writes better; null when the difference is within the noise, or before it is decided',
  })
  better!: string | null;

  @ApiProperty({ description: 'The verdict in words, or how many more judgments it takes' })
  text!: string;
}

export class EvaluationProgressResponse {
  @ApiProperty({ description: 'Outputs written' })
  done!: number;

  @ApiProperty({ description: 'Items × variants' })
  total!: number;
}

/** An evaluation as GET /api/evaluations lists it: everything but its items. cost_usd: everything it spent so far. */
export class EvaluationListResponse extends CostResponse {
  @ApiProperty({ format: 'uuid' })
  _id!: string;

  @ApiProperty({ enum: ['queued', 'running', 'completed', 'failed'] })
  status!: EvaluationStatus;

  @ApiProperty({ type: String, nullable: true, description: 'Why it failed, or the fault it is waiting out' })
  message!: string | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The evaluated model; null once deleted' })
  modelId!: string | null;

  @ApiProperty()
  model_name!: string;

  @ApiProperty({ type: 'integer' })
  holdout!: number;

  @ApiProperty({ type: [EvaluationVariantResponse] })
  variants!: EvaluationVariantResponse[];

  @ApiProperty({ type: EvaluationProgressResponse })
  progress!: EvaluationProgressResponse;

  @ApiProperty({ type: [VariantSummaryResponse] })
  summary!: VariantSummaryResponse[];

  @ApiProperty({ description: 'Items judged' })
  judgments!: number;

  @ApiProperty({ type: VerdictResponse, description: `Which variant writes better, once ${JUDGMENTS_FOR_VERDICT} items or more are judged` })
  verdict!: VerdictResponse;

  @ApiProperty({ type: String, format: 'date-time' })
  created_at!: Date;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  started_at!: Date | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  completed_at!: Date | null;
}

/** One evaluation, as its page reads it: what the list answers, and its items with every variant's output. */
export class EvaluationResponse extends EvaluationListResponse {
  @ApiProperty({ type: [EvaluationItemResponse] })
  items!: EvaluationItemResponse[];
}

/** completion_tokens: the originals' length (a reasoning model also spends reasoning tokens, not counted here). */
export class EstimateVariantResponse extends SpentResponse {
  @ApiProperty()
  label!: string;

  @ApiProperty({ description: 'The OpenAI model it would write with' })
  openai_model!: string;

  @ApiProperty({ description: 'Chat requests (one per held-out example)' })
  requests!: number;
}

export class EvaluationEstimateResponse extends CostResponse {
  @ApiProperty({ description: 'Held-out examples' })
  items!: number;

  @ApiProperty({ type: [EstimateVariantResponse] })
  variants!: EstimateVariantResponse[];

  @ApiProperty({ description: 'Chat requests in all' })
  requests!: number;

  @ApiProperty({
    description:
      "Embedding requests: one per item to score its outputs, one per output choosing examples, and one for the set when it has none kept (cost_usd is the chat requests': embeddings cost a small fraction of it)",
  })
  embedding_requests!: number;
}
