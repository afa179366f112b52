/// <reference path="../.pb-types/types.d.ts" />
// The follow-ups' due steps became a job planned at the next step's time (`followups.due-steps`,
// server/followups/plan.ts) instead of a scan every five minutes (`followups.queue-steps`): the
// scan's waiting row goes (a kind no area registers would fail, and show in the console), and the
// new job is planned by the hourly `followups.plan` at the latest.

migrate(
  (app) => {
    app
      .db()
      .newQuery(
        "DELETE FROM deliveries WHERE kind = 'followups.queue-steps' AND status IN ('pending', 'sending')",
      )
      .execute()
  },
  () => {
    // Nothing to undo: the older code queues its scan again at its first run.
  },
)
