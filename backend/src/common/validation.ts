import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';
import { FieldError } from './http-exception.filter';

function flatten(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => ({ field, message }));
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
