import * as z from "zod/mini";
import { isDate } from "../deal-rules";

/**
 * The delivery room's forms (internal/rooms): the room's settings and a video's licence,
 * with the server's rules and messages, each a row of testdata/rules.json "forms" "room" and
 * "licence" (form-rules-parity.test.ts holds these schemas to them). What the server checks across
 * fields (the end on or after the start, one to twelve channels) it answers as a 400 the form shows.
 */

/** A licence's kinds of use (rules.json "licenceUsages"). */
export const licenceUsages = ["organic", "paid"] as const;
export type LicenceUsage = (typeof licenceUsages)[number];

const wholeNumber = (low: number, high: number, message: string) =>
  z.int(message).check(z.gte(low, message), z.lte(high, message));

const date = (label: string) =>
  z.string().check(z.trim(), z.refine(isDate, `${label} must be a date (YYYY-MM-DD)`));

export const roomSchema = z.object({
  expiresOn: z.string().check(
    z.trim(),
    z.refine((v) => v === "" || isDate(v), "Expiry date must be a date (YYYY-MM-DD)"),
  ),
  answerDays: wholeNumber(1, 30, "Days to answer must be a whole number from 1 to 30"),
});

export type RoomValues = z.infer<typeof roomSchema>;

export const licenceSchema = z.object({
  usage: z.enum(licenceUsages, "Usage must be organic or paid"),
  /** The channels as the admin types them, separated by commas (sent as a list). */
  channels: z.string(),
  territory: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "Territory is required"),
      z.maxLength(100, "Territory must be at most 100 characters"),
    ),
  startDate: date("Start date"),
  endDate: date("End date"),
  whitelisting: z.boolean(),
});

export type LicenceValues = z.infer<typeof licenceSchema>;

/** The channel names of the form's text: split at commas, trimmed, empty ones dropped. */
export const channelList = (text: string): string[] =>
  text
    .split(",")
    .map((c) => c.trim())
    .filter((c) => c !== "");
