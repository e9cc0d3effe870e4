import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Validate, ValidatorConstraint, ValidatorConstraintInterface, ValidationArguments } from 'class-validator';
import { SpentResponse } from '../common/spent.dto';
import { IsOmittable } from '../common/validation';

/** A real calendar day written yyyy-MM-dd (2026-02-30 is not one), from the year 1000 on. */
export function isDay(value: unknown): value is string {
  if (typeof value !== 'string' || !/^[1-9]\d{3}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

@ValidatorConstraint({ name: 'isDay' })
class IsDay implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return isDay(value);
  }

  defaultMessage(args: ValidationArguments): string {
    return `${args.property} must be a date written YYYY-MM-DD`;
  }
}

@ValidatorConstraint({ name: 'notBeforeFrom' })
class NotBeforeFrom implements ValidatorConstraintInterface {
  validate(value: unknown, args: ValidationArguments): boolean {
    const from = (args.object as UsageQueryDto).from;
    return !isDay(value) || !isDay(from) || value >= from;
  }

  defaultMessage(): string {
    return 'to must not be before from';
  }
}

export class UsageQueryDto {
  @ApiPropertyOptional({ description: 'First day included (UTC), YYYY-MM-DD; default: the first day of this month', example: '2026-11-01' })
  @IsOmittable()
  @Validate(IsDay)
  from?: string;

  @ApiPropertyOptional({ description: 'Last day included (UTC), YYYY-MM-DD; default: the last day of this month', example: '2026-11-30' })
  @IsOmittable()
  @Validate(IsDay)
  @Validate(NotBeforeFrom)
  to?: string;
}

export class ModelUsageResponse extends SpentResponse {
  @ApiProperty({ type: String, nullable: true, description: 'The model asked; null for sections written before Quire recorded it' })
  model!: string | null;

  @ApiProperty({
    example: 'OpenAI',
    description: "The vendor that wrote it: the vendor of the workspace's model on a provider that names it, else OpenAI",
  })
  vendor!: string;
}

export class VendorUsageResponse extends SpentResponse {
  @ApiProperty({ example: 'Anthropic' })
  vendor!: string;
}

/** What the signed-in operator's articles and previews spent between two days: the sections written then. */
export class UsageResponse extends SpentResponse {
  @ApiProperty({ example: '2026-11-01' })
  from!: string;

  @ApiProperty({ example: '2026-11-30' })
  to!: string;

  @ApiProperty({ description: 'Articles with a section written in the range' })
  articles!: number;

  @ApiProperty({ description: 'Previews with a section written in the range' })
  previews!: number;

  @ApiProperty({ description: "Sections written in the range, articles' and previews'" })
  sections!: number;

  @ApiProperty({ type: [ModelUsageResponse], description: 'By model, most expensive first (unknown prices last)' })
  by_model!: ModelUsageResponse[];

  @ApiProperty({ type: [VendorUsageResponse], description: 'By vendor, most expensive first (unknown prices last): the sums of by_model' })
  by_vendor!: VendorUsageResponse[];
}
