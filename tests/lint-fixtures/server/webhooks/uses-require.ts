// Illegal: a CommonJS require hides the edge from every tool.
declare const require: (path: string) => unknown
export const queue = require('../queue/index')
