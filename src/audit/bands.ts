// Score colour bands, in a module of their own so screens that only colour a score (the
// dashboard) do not load the whole audit engine. The thresholds live in src/config/score-bands.ts.
export { scoreBand } from '../config/score-bands'
