// Types of common-passwords.cjs, written by scripts/build-engine.mjs: one string of the
// refused passwords, lowercased, each on its own line with a "\n" at each end.
declare const list: string
export = list
