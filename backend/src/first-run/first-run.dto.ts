import { ApiProperty } from '@nestjs/swagger';
import { FIRST_RUN_STEPS, FirstRun, FirstRunStepKey } from './first-run.service';

export class FirstRunStepResponse {
  @ApiProperty({ enum: FIRST_RUN_STEPS })
  key!: FirstRunStepKey;

  @ApiProperty({ description: "True when the workspace's state shows the step taken" })
  done!: boolean;

  @ApiProperty({ type: String, nullable: true, description: 'What stands in the way, in words a person can act on; null when nothing is known to' })
  problem!: string | null;
}

/** GET /api/first-run: the steps from an empty workspace to its first article, each read from the real state. */
export class FirstRunResponse {
  @ApiProperty({ description: 'The first article is written (the checklist folds away)' })
  complete!: boolean;

  @ApiProperty({ description: 'The status value a Notion row is set to for Quire to write it', example: 'Start Generating' })
  start_value!: string;

  @ApiProperty({ type: [FirstRunStepResponse], description: 'In the order a person takes them' })
  steps!: FirstRunStepResponse[];
}

export function toFirstRunResponse(run: FirstRun): FirstRunResponse {
  return { complete: run.complete, start_value: run.startValue, steps: run.steps };
}
