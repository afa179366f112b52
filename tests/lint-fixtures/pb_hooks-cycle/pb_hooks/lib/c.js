// c.js -> nested/d.js -> e.js -> c.js, with './' and '../' names.
const d = require('./nested/d.js')
const shared = require('./shared.cjs') // a generated bundle: a leaf, even when not built

module.exports = { c: () => d.d() + shared.x }
