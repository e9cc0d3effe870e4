import { ApiProperty } from '@nestjs/swagger';
import { IsString, IsUUID, MaxLength, MinLength } from 'class-validator';
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

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  date_tuned!: Date | null;

  @ApiProperty({ type: String, nullable: true, description: "OpenAI's reason when it failed, or what the job waits for" })
  message!: string | null;

  @ApiProperty({ type: String, format: 'date-time' })
  created_at!: Date;
}

export function toFineTuneJobResponse(job: FineTuneJobWithModel): FineTuneJobResponse {
  return {
    _id: job.id,
    modelId: job.modelId,
    name: job.modelName,
    status: job.status,
    output_model: job.outputModel,
    trained_tokens: job.trainedTokens,
    date_tuned: job.dateTuned,
    message: job.message,
    created_at: job.createdAt,
  };
}
