package rooms

// The words of the brand's pages, in both languages: the room speaks the
// deal's language (an inquiry's page language, or what the admin chose).

type texts struct {
	Lang, Title, Intro, Brief, NoBrief, Videos, Video, Format, Length, Seconds, DueDate   string
	Drafts, NoDrafts, Draft, Version, Uploaded, NoteLabel, Preparing, Failed, NoPlayer    string
	Approve, AskChanges, Comment, CommentHint, AutoOn, Approved, ApprovedAuto, Changes    string
	Superseded, YourComment, Download, Earlier, Waiting                                   string
	Licence, Usage, Organic, Paid, Channels, Territory, Period, Whitelisting, Yes, No     string
	Summary, OpenSummary, Print, PrintHint, NoLicences, Generated, Back, Private          string
	ThanksApproved, ThanksChanges, ThanksChangesMail, NoDraftsMail, CreatorLabel, Contact string
	ApproveFinal, ApproveConfirm, FinalLabel, ToCome                                      string
	ErrDecision, ErrCommentRequired, ErrCommentTooLong, ErrCommentControl, ErrAnswered    string
}

var norwegian = texts{
	Lang:              "no",
	Title:             "Leveringsrom",
	Intro:             "Her finner dere briefen, utkastene og bruksrettighetene for samarbeidet.",
	Brief:             "Brief",
	NoBrief:           "Ingen brief er skrevet inn.",
	Videos:            "Videoer",
	Video:             "Video %d",
	Format:            "Format",
	Length:            "Lengde",
	Seconds:           "%d sekunder",
	DueDate:           "Leveres innen",
	Drafts:            "Utkast",
	ToCome:            "Kommer senere: %s.",
	NoDrafts:          "Ingen utkast ennå. De vises her når de er klare: åpne lenken igjen senere.",
	NoDraftsMail:      "Ingen utkast ennå. Dere får en e-post når det første er klart.",
	Draft:             "Utkast",
	Version:           "versjon %d",
	Uploaded:          "Lastet opp %s",
	NoteLabel:         "Fra skaperen",
	Preparing:         "Utkastet klargjøres for avspilling. Last inn siden på nytt om et øyeblikk.",
	Failed:            "Utkastet kunne ikke klargjøres for avspilling. Skaperen laster det opp på nytt.",
	NoPlayer:          "Nettleseren din kan ikke spille av videoen.",
	Approve:           "Godkjenn",
	AskChanges:        "Be om endringer",
	Comment:           "Kommentar",
	CommentHint:       "Påkrevd når dere ber om endringer: skriv hva som bør bli annerledes.",
	AutoOn:            "Godkjennes automatisk %s hvis vi ikke hører fra dere.",
	Approved:          "Godkjent %s",
	ApprovedAuto:      "Godkjent automatisk %s (ikke besvart innen fristen)",
	Changes:           "Endringer ønsket %s",
	Superseded:        "Erstattet av en nyere versjon",
	YourComment:       "Kommentaren deres",
	Download:          "Last ned video %d (endelig fil, full kvalitet)",
	Earlier:           "Tidligere versjoner",
	Waiting:           "Venter på svar",
	Licence:           "Bruksrett",
	Usage:             "Bruk",
	Organic:           "Organisk bruk",
	Paid:              "Betalt bruk (annonser)",
	Channels:          "Kanaler",
	Territory:         "Område",
	Period:            "Periode",
	Whitelisting:      "Whitelisting",
	Yes:               "Ja",
	No:                "Nei",
	Summary:           "Bruksrettigheter",
	OpenSummary:       "Åpne en utskriftsvennlig oversikt over bruksrettighetene",
	Print:             "Skriv ut eller lagre som PDF",
	PrintHint:         "Oversikten får plass på én side.",
	NoLicences:        "Ingen bruksrettigheter er satt ennå.",
	Generated:         "Hentet %s fra leveringsrommet på %s.",
	Back:              "Tilbake til leveringsrommet",
	Private:           "Denne siden er privat for %s. Ikke del lenken.",
	ThanksApproved:    "Takk! Utkastet er godkjent, og den endelige filen kan lastes ned.",
	ThanksChanges:     "Takk! Kommentaren er sendt. Neste versjon vises her når den er klar.",
	ThanksChangesMail: "Takk! Kommentaren er sendt, og dere får en e-post når neste versjon er klar.",
	CreatorLabel:      "Skaper",
	Contact:           "Kontakt",
	ApproveFinal:      "Godkjenn som endelig",
	ApproveConfirm:    "Godkjenning er endelig: denne versjonen blir den ferdige videoen, og det kan ikke bes om flere endringer av den.",
	FinalLabel:        "Endelig",

	ErrDecision:        "Velg «Godkjenn» eller «Be om endringer».",
	ErrCommentRequired: "Skriv hva som bør endres før dere ber om endringer.",
	ErrCommentTooLong:  "Kommentaren kan være på høyst 2000 tegn.",
	ErrCommentControl:  "Kommentaren inneholder tegn som ikke er tillatt.",
	ErrAnswered:        "Dette utkastet er allerede besvart.",
}

var english = texts{
	Lang:              "en",
	Title:             "Delivery room",
	Intro:             "Here are the brief, the drafts and the usage rights of our work together.",
	Brief:             "Brief",
	NoBrief:           "No brief has been written.",
	Videos:            "Videos",
	Video:             "Video %d",
	Format:            "Format",
	Length:            "Length",
	Seconds:           "%d seconds",
	DueDate:           "Due by",
	Drafts:            "Drafts",
	ToCome:            "Still to come: %s.",
	NoDrafts:          "No drafts yet. They appear here when they are ready: open this link again later.",
	NoDraftsMail:      "No drafts yet. You will get an e-mail when the first one is ready.",
	Draft:             "Draft",
	Version:           "version %d",
	Uploaded:          "Uploaded %s",
	NoteLabel:         "From the creator",
	Preparing:         "The draft is being prepared for playback. Reload the page in a moment.",
	Failed:            "The draft could not be prepared for playback. The creator will upload it again.",
	NoPlayer:          "Your browser cannot play this video.",
	Approve:           "Approve",
	AskChanges:        "Ask for changes",
	Comment:           "Comment",
	CommentHint:       "Required to ask for changes: say what should be different.",
	AutoOn:            "Approved automatically on %s unless you answer.",
	Approved:          "Approved %s",
	ApprovedAuto:      "Approved automatically %s (not answered in time)",
	Changes:           "Changes asked for %s",
	Superseded:        "Replaced by a newer version",
	YourComment:       "Your comment",
	Download:          "Download video %d (final file, full quality)",
	Earlier:           "Earlier versions",
	Waiting:           "Waiting for your answer",
	Licence:           "Usage rights",
	Usage:             "Use",
	Organic:           "Organic use",
	Paid:              "Paid use (ads)",
	Channels:          "Channels",
	Territory:         "Territory",
	Period:            "Period",
	Whitelisting:      "Whitelisting",
	Yes:               "Yes",
	No:                "No",
	Summary:           "Usage rights",
	OpenSummary:       "Open a printable summary of the usage rights",
	Print:             "Print or save as PDF",
	PrintHint:         "The summary fits on one page.",
	NoLicences:        "No usage rights have been set yet.",
	Generated:         "Taken on %s from the delivery room at %s.",
	Back:              "Back to the delivery room",
	Private:           "This page is private to %s. Please do not share the link.",
	ThanksApproved:    "Thank you! The draft is approved, and the final file can be downloaded.",
	ThanksChanges:     "Thank you! Your comment is sent. The next version appears here when it is ready.",
	ThanksChangesMail: "Thank you! Your comment is sent; you will get an e-mail when the next version is ready.",
	CreatorLabel:      "Creator",
	Contact:           "Contact",
	ApproveFinal:      "Approve as final",
	ApproveConfirm:    "Approval is final: this version becomes the finished video, and no more changes can be asked for it.",
	FinalLabel:        "Final",

	ErrDecision:        "Choose “Approve” or “Ask for changes”.",
	ErrCommentRequired: "Say what should change before you ask for changes.",
	ErrCommentTooLong:  "The comment can be at most 2000 characters.",
	ErrCommentControl:  "The comment contains characters that are not allowed.",
	ErrAnswered:        "This draft has been answered already.",
}

// textsFor answers the words of a language (Norwegian by default).
func textsFor(lang string) texts {
	if lang == "en" {
		return english
	}
	return norwegian
}
