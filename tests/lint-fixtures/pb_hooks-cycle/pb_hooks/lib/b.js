// Requires a.js back, lazily (inside a function): still a cycle.
module.exports = {
  twice: (n) => n * 2,
  again: () => require('./a.js').value(),
}
