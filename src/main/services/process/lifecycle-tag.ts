/** The environment variable every child of a run (and its children) carries: `<data dir scope>/<run id>`. */
export const LIFECYCLE_TAG = 'EVA_LIFECYCLE_TAG';
