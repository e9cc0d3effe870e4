import { ApiProperty } from '@nestjs/swagger';

/** An example that guided a section (sent in-context). */
export class UsedExampleResponse {
  @ApiProperty({ description: "The example's uuid in its model (the section it came from)" })
  uuid!: string;

  @ApiProperty({ description: 'The first words of its user message' })
  words!: string;
}

/** A written section's `examples` field, as History and previews answer it. */
export const ApiExamplesUsed = () =>
  ApiProperty({
    type: [UsedExampleResponse],
    nullable: true,
    description:
      "The examples of the section's example set sent with it (in-context), nearest to its user message first; [] when the set had none, so it was written without; null when the section names no example set",
  });
