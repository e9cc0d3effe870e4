import { ApiProperty } from '@nestjs/swagger';
import type { PollReport } from './generation.service';

/** The last Notion check for a user: when, what it found and claimed, and any problem. */
export class PollReportResponse implements PollReport {
  @ApiProperty({ format: 'date-time' })
  at!: string;

  @ApiProperty({ description: 'Rows at the start value' })
  found!: number;

  @ApiProperty({ description: 'Rows this check took (the others were already being written)' })
  claimed!: number;

  @ApiProperty({ type: String, nullable: true, description: 'What stopped the check, in words a person can act on' })
  problem!: string | null;
}

export class LastCheckResponse {
  @ApiProperty({ type: PollReportResponse, nullable: true, description: 'Null before the first check since the server started' })
  lastCheck!: PollReport | null;
}

export class CheckNowResponse {
  @ApiProperty({ type: PollReportResponse })
  lastCheck!: PollReport;
}

/** The outcome of "Test connection". */
export class ConnectionTestResponse {
  @ApiProperty()
  ok!: boolean;

  @ApiProperty({ example: 'Connected: OpenAI accepts the key.' })
  message!: string;
}
