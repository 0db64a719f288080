import { format, parseISO } from "date-fns";

// The admin's screens write dates one way, in English like the rest of the admin: a moment (an
// inquiry's arrival, a deal's history, a draft's upload) with its time, a calendar day (a due date,
// a licence's end) without. Both in the browser's time zone.

/** A moment (an ISO timestamp) as the admin reads it: "Mar 7, 2025 • 2:05 PM". */
export const formatMoment = (iso: string) => format(new Date(iso), "MMM d, yyyy • h:mm a");

/** A calendar day (YYYY-MM-DD) as the admin reads it: "Mar 7, 2025". */
export const formatDay = (day: string) => format(parseISO(day), "MMM d, yyyy");
