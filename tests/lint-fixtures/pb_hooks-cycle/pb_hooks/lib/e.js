// Closes the cycle back to c.js; below, two requires the graph cannot follow.
const c = require('./c.js')

module.exports = {
  e: () => 1,
  back: () => c.c(),
}
const name = 'c.js'
require('./' + name)
require('./missing.js')
