import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsDefined,
  IsString,
  IsUUID,
  MaxLength,
  MinLength,
  Validate,
  ValidationArguments,
  ValidatorConstraint,
  ValidatorConstraintInterface,
} from 'class-validator';
import { IsOmittable } from '../common/validation';
import { SpentResponse } from '../common/spent.dto';
import { ApiExamplesUsed, UsedExampleResponse } from '../examples/used-example.dto';

/** At most this many properties, each name at most 200 characters and each value at most 20,000 (a prompt's size). */
const MAX_PROPERTIES = 100;
const MAX_NAME = 200;
const MAX_VALUE = 20_000;

@ValidatorConstraint({ name: 'isPropertyMap' })
class IsPropertyMap implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    const entries = Object.entries(value);
    return (
      entries.length <= MAX_PROPERTIES &&
      entries.every(([name, text]) => name.trim().length > 0 && name.length <= MAX_NAME && typeof text === 'string' && text.length <= MAX_VALUE)
    );
  }

  defaultMessage(args: ValidationArguments): string {
    return `${args.property} must be an object of at most ${MAX_PROPERTIES} page properties, each a name (1 to ${MAX_NAME} characters) and its text (at most ${MAX_VALUE} characters)`;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * articleId: an id, given unless sectionId is (exactly one of them names the template). Checked
 * here whether or not it is given, so leaving both out is refused naming it.
 */
@ValidatorConstraint({ name: 'oneTemplate' })
class OneTemplate implements ValidatorConstraintInterface {
  validate(value: unknown, args: ValidationArguments): boolean {
    const sectionGiven = (args.object as CreatePreviewDto).sectionId !== undefined;
    if (value === undefined) return sectionGiven;
    return !sectionGiven && typeof value === 'string' && UUID.test(value);
  }

  defaultMessage(args: ValidationArguments): string {
    const sectionGiven = (args.object as CreatePreviewDto).sectionId !== undefined;
    if (args.value === undefined) return 'articleId or sectionId is required (an article template, or a section tried alone)';
    return sectionGiven ? 'articleId and sectionId cannot both be given: name one template' : 'articleId must be an id';
  }
}

export class CreatePreviewDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'The article template to run (or give sectionId)' })
  @Validate(OneTemplate)
  articleId?: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'A section to run alone, as a template of that one section titled after it, of type "Section" (instead of articleId)',
  })
  @IsOmittable()
  @IsUUID('all', { message: 'sectionId must be an id' })
  sectionId?: string;

  @ApiProperty({ description: 'The Notion row title the preview stands for: {{title}}', example: 'Best gaming laptops' })
  @IsDefined({ message: 'title is required' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'title must be text' })
  @MinLength(1, { message: 'title is required' })
  @MaxLength(500, { message: 'title must be at most 500 characters' })
  title!: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'The page properties its prompts name, as {{name}}: {"Keyword": "gaming laptops"}',
    example: { Keyword: 'gaming laptops' },
  })
  @IsOmittable()
  @Validate(IsPropertyMap)
  properties?: Record<string, string>;

  @ApiPropertyOptional({ format: 'uuid', description: 'One of your clients: {{client}} (omitted: empty)' })
  @IsOmittable()
  @IsUUID('all', { message: 'clientId must be an id' })
  clientId?: string;

  @ApiPropertyOptional({
    type: [String],
    format: 'uuid',
    description: "One or two of your models: the whole template is run once with each, in place of the sections' own models (omitted: each section's own)",
  })
  @IsOmittable()
  @IsArray({ message: 'models must be a list of one or two model ids' })
  @ArrayMinSize(1, { message: 'models must be a list of one or two model ids' })
  @ArrayMaxSize(2, { message: 'models must be a list of one or two model ids' })
  @ArrayUnique({ message: 'models must be two different models' })
  @IsUUID('all', { each: true, message: 'each of models must be a model id' })
  models?: string[];
}

export class PreviewSectionResponse extends SpentResponse {
  @ApiProperty({ description: "The section's place in the template, from 0" })
  position!: number;

  @ApiProperty()
  heading!: string;

  @ApiProperty({ description: 'The text OpenAI wrote (Markdown)' })
  content!: string;

  @ApiProperty({ description: 'The OpenAI model asked', example: 'gpt-4o' })
  model!: string;

  @ApiProperty({ description: 'How long OpenAI took' })
  duration_ms!: number;

  @ApiExamplesUsed()
  examples!: UsedExampleResponse[] | null;
}

export class PreviewVariantResponse {
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: "The model chosen for the whole template; null: each section's own" })
  model!: string | null;

  @ApiProperty({ type: String, nullable: true, description: "That model's name, as it was when the preview was asked for" })
  model_name!: string | null;

  @ApiProperty({ type: [PreviewSectionResponse], description: 'The sections written so far, in order' })
  sections!: PreviewSectionResponse[];

  @ApiProperty({ type: SpentResponse, description: 'The sum of its sections' })
  usage!: SpentResponse;
}

export class PreviewResponse {
  @ApiProperty({ format: 'uuid' })
  _id!: string;

  @ApiProperty({ enum: ['queued', 'running', 'completed', 'failed'] })
  status!: string;

  @ApiProperty({ type: String, nullable: true, description: 'Why it failed, or the passing fault it will try again after' })
  message!: string | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  articleId!: string | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  sectionId!: string | null;

  @ApiProperty({ description: "The template's title ({{article_title}})" })
  article_title!: string;

  @ApiProperty()
  title!: string;

  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' } })
  properties!: Record<string, string>;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  clientId!: string | null;

  @ApiProperty({ type: String, nullable: true, description: "The client's name ({{client}})" })
  client!: string | null;

  @ApiProperty({ description: 'Sections in the template (each variant writes them all)' })
  sections_total!: number;

  @ApiProperty({ type: [PreviewVariantResponse], description: 'One per model asked for (one when none was)' })
  variants!: PreviewVariantResponse[];

  @ApiProperty({ type: SpentResponse, description: 'The sum of every variant' })
  usage!: SpentResponse;

  @ApiProperty({ type: String, format: 'date-time' })
  created_at!: Date;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  started_at!: Date | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  completed_at!: Date | null;
}
