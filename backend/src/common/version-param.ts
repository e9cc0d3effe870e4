import { NotFoundException, PipeTransform } from '@nestjs/common';

/** A version number in a path: 1, 2, 3, …; anything else cannot name a version, so it is a 404. */
export class VersionParamPipe implements PipeTransform<string, number> {
  constructor(private readonly notFoundMessage: string) {}

  transform(value: string): number {
    if (!/^[1-9]\d{0,8}$/.test(value)) throw new NotFoundException(this.notFoundMessage);
    return Number(value);
  }
}
