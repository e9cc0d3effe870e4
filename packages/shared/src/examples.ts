/** How many of a model's examples guide a section (in-context) when it names an example set: 0 to 10, 3 unless set. */
export const EXAMPLES_COUNT = { min: 0, max: 10, default: 3 } as const;

/** An evaluation compares 2 to 4 setups on 2 to 50 held-out examples. */
export const EVALUATION_LIMITS = { variants: { min: 2, max: 4 }, holdout: { min: 2, max: 50 }, label: 40 } as const;

/** The judgment of a pair that neither output wins. */
export const TIE = 'tie';

/** Judgments from which an evaluation's summary says which variant writes better (or that the difference is noise). */
export const JUDGMENTS_FOR_VERDICT = 20;
