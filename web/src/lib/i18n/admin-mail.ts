/**
 * Texts of the e-mail parts of the admin inquiries screen: delivery state, "send again",
 * the reply button, the CSV export. The inquiries screen is English (SPEC.md section 2: one
 * language per screen), so these are English whatever the site's language; only the reply's
 * subject follows the inquiry's own language. Kept out of `index.ts` and the visitor catalogues on
 * purpose: only the admin chunk imports this module, so no admin text reaches a visitor's
 * JavaScript (DESIGN.md section 2).
 */
export const adminMailTexts = {
  off: "E-mail notification is off: new inquiries are not sent by e-mail. Set UGCFOLIO_SMTP_URL and UGCFOLIO_MAIL_FROM to turn it on.",
  sent: "E-mail sent",
  sending: "Sending e-mail…",
  waiting: "E-mail waiting – next try {time}",
  failed: "E-mail failed",
  reason: "Reason: {reason}",
  notSent: "No e-mail sent",
  sendAgain: "Send again",
  sendAgainLabel: "Send the e-mail notification of the inquiry from {name} again",
  sendAgainDone: "The e-mail is being sent again",
  sendAgainFailed: "Could not send again",
  reply: "Reply by e-mail",
  exportCsv: "Export CSV",
};

/** The reply's subject, in the language the inquiry was written in. */
export const replySubjects = {
  plain: { no: "Re: Din henvendelse", en: "Re: Your inquiry" },
  about: { no: "Re: Din henvendelse om {service}", en: "Re: Your inquiry about {service}" },
};
