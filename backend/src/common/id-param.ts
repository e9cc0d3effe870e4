import { NotFoundException, PipeTransform } from '@nestjs/common';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A record id in a path: anything that is not a uuid cannot name a record, so it is a 404. */
export class IdParamPipe implements PipeTransform<string, string> {
  constructor(private readonly notFoundMessage: string) {}

  transform(value: string): string {
    if (!UUID.test(value)) throw new NotFoundException(this.notFoundMessage);
    return value.toLowerCase();
  }
}
