/** One goal of the performance issue: what was measured, and whether it meets the target. */
export interface Goal {
  goal: string;
  figure: string;
  met: boolean;
}
