import { ApiProperty } from '@nestjs/swagger';

/** The workspace's bulk writing in flight. */
export class BulkSummaryResponse {
  @ApiProperty({ description: 'Batches made or being made at OpenAI or Anthropic that have not ended' })
  batches!: number;

  @ApiProperty({ description: 'Sections waiting for a batch file or in a batch' })
  lines!: number;

  @ApiProperty({ description: 'Articles with a section waiting for a batch file or in a batch' })
  articles!: number;
}

/** What "Cancel bulk" stopped. */
export class BulkCancelResponse {
  @ApiProperty({ description: 'Articles failed with the cancel message (their written sections kept)' })
  articles!: number;

  @ApiProperty({ description: 'Batches asked to cancel at OpenAI or Anthropic (or never made)' })
  batches!: number;

  @ApiProperty({ example: 'Bulk writing cancelled: 12 articles stopped; the sections already written are kept.' })
  message!: string;
}

/** A bulk article's place in its batches (History). */
export class BulkProgressResponse {
  @ApiProperty({ description: 'How many batches the article has been part of (one round per section, more after a failed line)' })
  round!: number;

  @ApiProperty({
    type: String,
    nullable: true,
    enum: ['preparing', 'validating', 'in_progress', 'finalizing', 'completed', 'failed', 'expired', 'cancelling', 'cancelled', null],
    description:
      "The current batch's status (OpenAI's, an Anthropic message batch's in the same words, or `preparing` while Quire makes it); null while the section waits for the next batch",
  })
  batch_status!: string | null;

  @ApiProperty({ description: "The current batch's requests" })
  total!: number;

  @ApiProperty({ description: "The current batch's requests its vendor has completed (Anthropic counts them once the whole batch has ended)" })
  completed!: number;

  @ApiProperty({ description: "The current batch's requests that failed" })
  failed!: number;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: "When the current batch should be done, from its pace so far; before it has any, the end of the batch's 24-hour window",
  })
  expected_at!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: "The end of the batch's 24-hour window" })
  expires_at!: string | null;
}
