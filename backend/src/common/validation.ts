import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';
import { ApiPropertyOptional, IntersectionType, PartialType } from '@nestjs/swagger';
import type { Type } from '@nestjs/common';
import { IsISO8601, IsUUID, ValidateIf, ValidationOptions } from 'class-validator';
import { FieldError } from './http-exception.filter';

function flatten(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    // A value several rules refuse with the same words (a whole number in a range) is said once.
    const own = [...new Set(Object.values(error.constraints ?? {}))].map((message) => ({ field, message }));
    return [...own, ...flatten(error.children ?? [], field)];
  });
}

/** Unknown fields are rejected; every failure names its field. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: false,
    exceptionFactory: (errors) => {
      const fieldErrors = flatten(errors);
      const message = fieldErrors.map((e) => e.message).join('; ') || 'The request is not valid.';
      return new BadRequestException({ message, errors: fieldErrors });
    },
  });
}

/**
 * The field may be left out; unlike class-validator's IsOptional, `null` is not "left out" and
 * is checked like any other value (so `{"notes": null}` is refused where notes is text).
 */
export function IsOmittable(options?: ValidationOptions): PropertyDecorator {
  return ValidateIf((_, value) => value !== undefined, options);
}

/** A body names a record (by id) that is not one of the caller's: a 400 naming the field. */
export function notYours(field: string, what: string): BadRequestException {
  return new BadRequestException({ message: `${field} is not one of your ${what}`, errors: [{ field, message: `is not one of your ${what}` }] });
}

/**
 * The fields every record answers with but nobody sets: an update may carry them (react-admin's
 * <Edit> sends the whole record back, with its `id` copy of `_id`); they are accepted and ignored.
 */
export class RecordFieldsDto {
  @ApiPropertyOptional({ format: 'uuid', readOnly: true, description: "The record's own id, as read; must be the path's" })
  @IsOmittable()
  @IsUUID('all', { message: "_id must be the record's id" })
  _id?: string;

  @ApiPropertyOptional({ format: 'uuid', readOnly: true, description: "react-admin's copy of _id; must be the path's" })
  @IsOmittable()
  @IsUUID('all', { message: "id must be the record's id" })
  id?: string;

  @ApiPropertyOptional({ format: 'date-time', readOnly: true, description: 'Ignored' })
  @IsOmittable()
  @IsISO8601({}, { message: 'created_at must be a date and time' })
  created_at?: string;

  @ApiPropertyOptional({ format: 'date-time', readOnly: true, description: 'Ignored' })
  @IsOmittable()
  @IsISO8601({}, { message: 'updated_at must be a date and time' })
  updated_at?: string;
}

/** An update's `_id`/`id`, when given, name the record in the path (a record sent to another's URL is a mistake). */
export function assertSameRecord(pathId: string, body: RecordFieldsDto): void {
  for (const field of ['_id', 'id'] as const) {
    const value = body[field];
    if (value !== undefined && value.toLowerCase() !== pathId) {
      throw new BadRequestException({
        message: `${field} must be the id of the record being updated`,
        errors: [{ field, message: 'is not the id in the path' }],
      });
    }
  }
}

/**
 * An update's body: every field of `dto` may be left out (kept as saved, so react-admin's
 * `updateMany` can send only what changes), each one given is checked as on create (`null`
 * included), unknown fields are still refused, and the record's own read-only fields may come along.
 */
export function UpdateOf<T>(dto: Type<T>) {
  return IntersectionType(PartialType(dto, { skipNullProperties: false }), RecordFieldsDto);
}

/** The fields an update gave (left-out ones are undefined on the validated instance, and dropped here). */
export function givenFields<T extends object>(dto: T): Partial<T> {
  return Object.fromEntries(Object.entries(dto).filter(([, value]) => value !== undefined)) as Partial<T>;
}
