// Between c.js and e.js.
const e = require('../e.js')

module.exports = { d: () => e.e() }
