import { ApiProperty, PickType } from '@nestjs/swagger';

/** What OpenAI requests spent: the one shape of tokens and cost in every answer that reports them. */
export class SpentResponse {
  @ApiProperty({ description: 'Prompt tokens, as OpenAI reported them' })
  prompt_tokens!: number;

  @ApiProperty({ description: 'Completion tokens, as OpenAI reported them' })
  completion_tokens!: number;

  @ApiProperty({ type: Number, nullable: true, description: "US dollars at Quire's price table, to the millionth; null when a price is unknown (never 0)" })
  cost_usd!: number | null;
}

/** The cost alone, where the tokens are reported per part. */
export class CostResponse extends PickType(SpentResponse, ['cost_usd'] as const) {}

/** A section written before Quire recorded its tokens reports them as null. */
export class RecordedSpentResponse extends CostResponse {
  @ApiProperty({ type: Number, nullable: true, description: "The API's usage.prompt_tokens (cached ones included)" })
  prompt_tokens!: number | null;

  @ApiProperty({ type: Number, nullable: true, description: "The API's usage.completion_tokens" })
  completion_tokens!: number | null;
}
