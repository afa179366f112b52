/// <reference path="../.pb-types/types.d.ts" />
// The users' account e-mails (verification, password reset, e-mail change, new sign-in alert)
// in the site's name and look, linking to the site's own pages (/verify-email/..., /reset-password/...,
// /confirm-email-change/...) instead of PocketBase's dashboard at /_/, which production
// restricts to the owner. Rendered from server/accounts/ (through the bundle); down restores
// PocketBase's defaults.

const POCKETBASE_DEFAULTS = {
  verificationTemplate: {
    subject: 'Verify your {APP_NAME} email',
    body: '<p>Hello,</p>\n<p>Thank you for joining us at {APP_NAME}.</p>\n<p>Click on the button below to verify your email address.</p>\n<p>\n  <a class="btn" href="{APP_URL}/_/#/auth/confirm-verification/{TOKEN}" target="_blank" rel="noopener">Verify</a>\n</p>\n<p><i>If you didn\'t recently register, please ignore this email.</i></p>\n<p>\n  Thanks,<br/>\n  {APP_NAME} team\n</p>',
  },
  resetPasswordTemplate: {
    subject: 'Reset your {APP_NAME} password',
    body: '<p>Hello,</p>\n<p>Click on the button below to reset your password.</p>\n<p>\n  <a class="btn" href="{APP_URL}/_/#/auth/confirm-password-reset/{TOKEN}" target="_blank" rel="noopener">Reset password</a>\n</p>\n<p><i>If you didn\'t ask to reset your password, please ignore this email.</i></p>\n<p>\n  Thanks,<br/>\n  {APP_NAME} team\n</p>',
  },
  confirmEmailChangeTemplate: {
    subject: 'Confirm your {APP_NAME} new email address',
    body: '<p>Hello,</p>\n<p>Click on the button below to confirm your new email address.</p>\n<p>\n  <a class="btn" href="{APP_URL}/_/#/auth/confirm-email-change/{TOKEN}" target="_blank" rel="noopener">Confirm new email</a>\n</p>\n<p><i>If you didn\'t ask to change your email address, please ignore this email.</i></p>\n<p>\n  Thanks,<br/>\n  {APP_NAME} team\n</p>',
  },
}

const POCKETBASE_AUTH_ALERT = {
  subject: 'Login from a new location',
  body: "<p>Hello,</p>\n<p>We noticed a login to your {APP_NAME} account from a new location:</p>\n<p><em>{ALERT_INFO}</em></p>\n<p><strong>If this wasn't you, you should immediately change your {APP_NAME} account password to revoke access from all other locations.</strong></p>\n<p>If this was you, you may disregard this email.</p>\n<p>\n  Thanks,<br/>\n  {APP_NAME} team\n</p>",
}

/**
 * @typedef {{ subject: string, body: string }} Template
 * @typedef {'verificationTemplate' | 'resetPasswordTemplate' | 'confirmEmailChangeTemplate'} TemplateName
 */

/**
 * @param {CoreApp} app
 * @param {Record<TemplateName, Template>} templates
 * @param {Template} authAlert
 */
function setTemplates(app, templates, authAlert) {
  const users = app.findCollectionByNameOrId('users')
  for (const key of /** @type {TemplateName[]} */ (Object.keys(templates))) {
    users[key].subject = templates[key].subject
    users[key].body = templates[key].body
  }
  users.authAlert.emailTemplate.subject = authAlert.subject
  users.authAlert.emailTemplate.body = authAlert.body
  app.save(users)
}

migrate(
  (app) => {
    const { accountMailTemplates, authAlertTemplate } =
      /** @type {typeof import('../server/main')} */ (require(`${__hooks}/generated/server.cjs`))
        .accounts
    const users = app.findCollectionByNameOrId('users')
    setTemplates(
      app,
      accountMailTemplates({
        verification: users.verificationToken.duration,
        passwordReset: users.passwordResetToken.duration,
        emailChange: users.emailChangeToken.duration,
      }),
      authAlertTemplate(),
    )
  },
  (app) => setTemplates(app, POCKETBASE_DEFAULTS, POCKETBASE_AUTH_ALERT),
)
