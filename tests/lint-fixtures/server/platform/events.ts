// The toolbox: every area imports it module by module.
export type App = { name: string }
