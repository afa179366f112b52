// In a cycle with b.js, through a `${__hooks}` require.
const b = require(`${__hooks}/lib/b.js`)

module.exports = { value: () => b.twice(1) }
