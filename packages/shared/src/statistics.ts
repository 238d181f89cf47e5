/** The public statistics (docs/api.md, "Transparency"): last 12 months, in Myanmar working days. */
export interface MonthStatistics {
  /** `YYYY-MM`, in Myanmar time. */
  month: string;
  /** Registrations submitted for the first time. */
  submitted: number;
  approved: number;
  /** Returns for changes (by the committee or a counterpart). */
  returned: number;
  /** Inspections done (a result recorded). */
  inspections: number;
}

export interface Statistics {
  per_month: MonthStatistics[];
  median_working_days: {
    /** From the first submission to the first move of a review (Under Review, returned or decided). */
    to_first_review: number | null;
    /** From the first submission to the decision, not counting the days with the submitter. */
    to_decision: number | null;
  };
  /** Of the decisions of the 12 months, the share (0–1) made within the review and decision targets together. */
  within_target_share: number | null;
}

export const STATISTICS_CSV_COLUMNS = ['month', 'submitted', 'approved', 'returned', 'inspections'] as const;
