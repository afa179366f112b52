// Types of audit-engine.cjs, the bundle scripts/build-engine.mjs makes of this TypeScript source
// (the hooks require the bundle; the type checker reads the source it is built from).
export * from '../../src/audit/index'
