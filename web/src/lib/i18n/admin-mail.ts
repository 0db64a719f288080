/**
 * Texts of the e-mail parts of the admin inquiries screen (issue 14): delivery state, "send again",
 * the reply button, the CSV export. The Norwegian catalogue defines the type. Kept out of
 * `index.ts` and the visitor catalogues on purpose: only the admin chunk imports this module, so
 * no admin text reaches a visitor's JavaScript (DESIGN.md section 2).
 */
export const adminMailNo = {
  off: "E-postvarsling er av: nye henvendelser sendes ikke på e-post. Sett UGCFOLIO_SMTP_URL og UGCFOLIO_MAIL_FROM for å slå den på.",
  sent: "E-post sendt",
  sending: "Sender e-post…",
  waiting: "E-post venter – nytt forsøk {time}",
  failed: "E-post feilet",
  reason: "Årsak: {reason}",
  notSent: "Ingen e-post sendt",
  sendAgain: "Send på nytt",
  sendAgainLabel: "Send e-postvarselet om henvendelsen fra {name} på nytt",
  sendAgainDone: "E-posten sendes på nytt",
  sendAgainFailed: "Kunne ikke sende på nytt",
  reply: "Svar på e-post",
  replySubject: { no: "Re: Din henvendelse", en: "Re: Your inquiry" },
  replySubjectAbout: {
    no: "Re: Din henvendelse om {service}",
    en: "Re: Your inquiry about {service}",
  },
  exportCsv: "Eksporter CSV",
};

export type AdminMailMessages = typeof adminMailNo;

export const adminMailEn: AdminMailMessages = {
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
  replySubject: adminMailNo.replySubject,
  replySubjectAbout: adminMailNo.replySubjectAbout,
  exportCsv: "Export CSV",
};

export const adminMailCatalogues = { no: adminMailNo, en: adminMailEn } as const;
