// `npm run admin -- promote EMAIL` / `demote EMAIL`: sets users.isAdmin. Works whether or
// not the server is running: it uses a one-shot PocketBase process on the same data dir
// (SQLite in WAL mode allows it) via a throwaway migration-free JS command. The data dir is
// the one `npm start` uses (PB_DATA, else ./pb_data), said at once; a dir without a database
// is refused rather than quietly created. Like the server's own hooks, it refreshes the account's
// person in People (server/people/refresh.ts): an admin is not a lead.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { findPocketBase, root } from './pocketbase.mjs'

const [action, email] = process.argv.slice(2)
if (!['promote', 'demote'].includes(action) || !email) {
  console.error(
    'Usage: npm run admin -- promote EMAIL | demote EMAIL   (PB_DATA selects the data dir)',
  )
  process.exit(2)
}
const dataDir = resolve(process.env.PB_DATA || join(root, 'pb_data'))
console.log(`Data: ${dataDir}${process.env.PB_DATA ? ' (PB_DATA)' : ' (the default of npm start)'}`)
if (!existsSync(join(dataDir, 'data.db'))) {
  console.error(
    `No database in ${dataDir}. Start the site once with \`npm start\` (same PB_DATA), sign up, then run this again;\n` +
      'or point PB_DATA at the data directory the server uses, e.g. PB_DATA=/srv/pb_data npm run admin -- promote EMAIL',
  )
  process.exit(1)
}

// A hooks dir holding one command: `pocketbase set-admin EMAIL true|false`.
const hooksDir = mkdtempSync(join(tmpdir(), 'pb-admin-'))
writeFileSync(
  join(hooksDir, 'admin.pb.js'),
  `
$app.rootCmd.addCommand(new Command({
  use: "set-admin",
  run: (cmd, args) => {
    const user = $app.findAuthRecordByEmail("users", args[0])
    user.set("isAdmin", args[1] === "true")
    $app.save(user)
    // The site's admins are not leads: their person goes, and comes back when demoted.
    try {
      require(${JSON.stringify(join(root, 'pb_hooks/generated/server.cjs'))}).people.refreshPerson($app, user.getString("email"))
    } catch (err) {
      console.log("People not refreshed (the server was never built): " + err)
    }
    console.log("OK " + args[0] + " isAdmin=" + args[1])
  },
}))
`,
)
try {
  const res = spawnSync(
    findPocketBase(),
    [
      'set-admin',
      email,
      String(action === 'promote'),
      `--dir=${dataDir}`,
      `--hooksDir=${hooksDir}`,
      '--hooksWatch=false',
      `--migrationsDir=${join(root, 'pb_migrations')}`,
    ],
    { encoding: 'utf8' },
  )
  const out = `${res.stdout}${res.stderr}`
  if (res.status !== 0 || !out.includes('OK ')) {
    console.error(
      /no rows/i.test(out) ? `No user with the e-mail ${email} in ${dataDir}.` : out.trim(),
    )
    process.exit(1)
  }
  console.log(`${email} is ${action === 'promote' ? 'now an admin' : 'no longer an admin'}.`)
} finally {
  rmSync(hooksDir, { recursive: true, force: true })
}
