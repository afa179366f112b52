/// <reference path="../.pb-types/types.d.ts" />
// The account e-mails' templates again, now naming the business by placeholders that are filled
// in when a mail is sent from the live site content (server/accounts/mail-templates.ts), so a
// name changed in the console's Site tab reaches them. Up installs them as
// 1764100000_users_account_mail_templates.js does on a fresh install; down writes the first
// version's name back in their place.

/** @typedef {'verificationTemplate' | 'resetPasswordTemplate' | 'confirmEmailChangeTemplate'} TemplateName */

/** @type {TemplateName[]} */
const TEMPLATE_NAMES = [
  'verificationTemplate',
  'resetPasswordTemplate',
  'confirmEmailChangeTemplate',
]

migrate(
  (app) => {
    const { accountMailTemplates, authAlertTemplate } =
      /** @type {typeof import('../server/main')} */ (require(`${__hooks}/generated/server.cjs`))
        .accounts
    const users = app.findCollectionByNameOrId('users')
    const templates = accountMailTemplates({
      verification: users.verificationToken.duration,
      passwordReset: users.passwordResetToken.duration,
      emailChange: users.emailChangeToken.duration,
    })
    for (const key of TEMPLATE_NAMES) {
      users[key].subject = templates[key].subject
      users[key].body = templates[key].body
    }
    const alert = authAlertTemplate()
    users.authAlert.emailTemplate.subject = alert.subject
    users.authAlert.emailTemplate.body = alert.body
    app.save(users)
  },
  (app) => {
    const { site, mail } = /** @type {typeof import('../server/main')} */ (
      require(`${__hooks}/generated/server.cjs`)
    )
    const name = site.SITE_CONTENT_DEFAULTS.businessName
    const html = mail.escapeHtml(name)
    /** @param {{ subject: string, body: string }} template */
    const named = (template) => {
      template.subject = template.subject.split('{BUSINESS_NAME}').join(name)
      template.body = template.body.split('{BUSINESS_NAME_HTML}').join(html)
    }
    const users = app.findCollectionByNameOrId('users')
    for (const key of TEMPLATE_NAMES) named(users[key])
    named(users.authAlert.emailTemplate)
    app.save(users)
  },
)
