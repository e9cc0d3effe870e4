import { ApiProperty } from '@nestjs/swagger';
import { IsString, IsUUID, MaxLength, MinLength } from 'class-validator';
import type { PriceTable } from '../config/price-table';
import { roundUsd, trainingCostOf } from '../integrations/openai/prices';
import { FineTuneJobWithModel } from './fine-tune-jobs.repository';

export class StartFineTuneDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'modelId must be the _id of one of your models' })
  modelId!: string;

  @ApiProperty({ description: 'The model name in lower case with whitespace as underscores; Quire keeps the characters OpenAI accepts', example: 'blog_voice' })
  @IsString({ message: 'suffix must be text' })
  @MinLength(1, { message: 'suffix is required' })
  @MaxLength(200, { message: 'suffix must be at most 200 characters' })
  suffix!: string;
}

export class FineTuneJobResponse {
  @ApiProperty({ format: 'uuid' })
  _id!: string;

  @ApiProperty({ format: 'uuid' })
  modelId!: string;

  @ApiProperty({ description: "The model's name" })
  name!: string;

  @ApiProperty({ example: 'running', description: 'queued, running, pausing, paused, completed or failed' })
  status!: string;

  @ApiProperty({ type: String, nullable: true })
  output_model!: string | null;

  @ApiProperty({ type: Number, nullable: true })
  trained_tokens!: number | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    description:
      "Trained tokens × the snapshot's training price, US dollars to the millionth; null until OpenAI reports the tokens, or when the price is unknown (never 0)",
  })
  training_cost_usd!: number | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  date_tuned!: Date | null;

  @ApiProperty({ type: String, nullable: true, description: "OpenAI's reason when it failed, or what the job waits for" })
  message!: string | null;

  @ApiProperty({ type: String, format: 'date-time' })
  created_at!: Date;
}

/** The training cost, with the same prices (and OPENAI_PRICES_FILE) as every other cost; the snapshot is the tuned model's base. */
export function toFineTuneJobResponse(job: FineTuneJobWithModel, prices: PriceTable): FineTuneJobResponse {
  const snapshot = job.outputModel?.startsWith('ft:') ? job.outputModel.split(':')[1] : null;
  const cost = job.trainedTokens !== null && snapshot ? trainingCostOf(job.trainedTokens, snapshot, prices) : null;
  return {
    _id: job.id,
    modelId: job.modelId,
    name: job.modelName,
    status: job.status,
    output_model: job.outputModel,
    trained_tokens: job.trainedTokens,
    training_cost_usd: cost === null ? null : roundUsd(cost),
    date_tuned: job.dateTuned,
    message: job.message,
    created_at: job.createdAt,
  };
}
