import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';

export class ReplaceModelDto {
  @ApiProperty({ format: 'uuid', description: 'The _id of another of your models, which takes over every section and article entry' })
  @IsUUID('all', { message: 'replacement must be one of your models' })
  replacement!: string;
}

export class ReplacedResponse {
  @ApiProperty({ description: 'Sections moved to the replacement (each change a new section version)' })
  sections!: number;

  @ApiProperty({ description: 'Articles whose entries moved to the replacement' })
  articles!: number;
}

/** One of the operator's models that stops within 60 days (or has stopped), and what uses it. */
export class ModelShutdownResponse {
  @ApiProperty({ format: 'uuid', description: "The model's _id (GET /api/models/{id})" })
  _id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ example: 'gpt-4o', description: 'The OpenAI model it writes with (the tuned one when it is tuned)' })
  openai_model!: string;

  @ApiProperty({
    type: String,
    format: 'date',
    nullable: true,
    description: "The day it stops, as OpenAI's listing says; null when OpenAI no longer lists it and the day is not known",
  })
  shutdown_date!: string | null;

  @ApiProperty({ description: 'It has stopped already: the day has passed, or OpenAI no longer lists it' })
  shut_down!: boolean;

  @ApiProperty({ description: 'Sections that write with it' })
  sections!: number;

  @ApiProperty({ description: 'Article templates with an entry that writes with it' })
  articles!: number;
}
