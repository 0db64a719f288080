/**
 * The words of a hand-ordered list (sortable-list.tsx): its controls' labels and what a screen
 * reader hears while an item moves. The admin is English; the portfolio screen speaks Norwegian,
 * as the rest of that screen does.
 */
export interface SortTexts {
  handle: (name: string) => string;
  up: (name: string) => string;
  down: (name: string) => string;
  /** Read on the grip: how to move an item with the keyboard. */
  instructions: string;
  /** "position 2 of 5" */
  position: (place: number, count: number) => string;
  pickedUp: (name: string, position: string) => string;
  over: (name: string, position: string) => string;
  outside: (name: string) => string;
  dropped: (name: string, position: string) => string;
  cancelled: (name: string, position: string) => string;
  moved: (name: string, position: string) => string;
  /** An item not found (never expected): its name in the announcements. */
  unknown: string;
}

export const sortTextsEn: SortTexts = {
  handle: (name) => `Drag to reorder ${name}`,
  up: (name) => `Move ${name} up`,
  down: (name) => `Move ${name} down`,
  instructions:
    "To move this item, press Space or Enter to pick it up, use the arrow keys to move it, then press Space or Enter to drop it, or Escape to put it back.",
  position: (place, count) => `position ${place} of ${count}`,
  pickedUp: (name, position) => `Picked up ${name}, at ${position}.`,
  over: (name, position) => `${name} is over ${position}.`,
  outside: (name) => `${name} is no longer over the list.`,
  dropped: (name, position) => `${name} was dropped at ${position}.`,
  cancelled: (name, position) => `Moving ${name} was cancelled: it is back at ${position}.`,
  moved: (name, position) => `${name} moved to ${position}.`,
  unknown: "The item",
};

export const sortTextsNo: SortTexts = {
  handle: (name) => `Dra for å flytte ${name}`,
  up: (name) => `Flytt ${name} opp`,
  down: (name) => `Flytt ${name} ned`,
  instructions:
    "Trykk mellomrom eller Enter for å plukke opp elementet, flytt det med piltastene, og trykk mellomrom eller Enter for å slippe det, eller Escape for å legge det tilbake.",
  position: (place, count) => `plass ${place} av ${count}`,
  pickedUp: (name, position) => `Plukket opp ${name}, på ${position}.`,
  over: (name, position) => `${name} er over ${position}.`,
  outside: (name) => `${name} er ikke lenger over listen.`,
  dropped: (name, position) => `${name} ble sluppet på ${position}.`,
  cancelled: (name, position) =>
    `Flyttingen av ${name} ble avbrutt: det er tilbake på ${position}.`,
  moved: (name, position) => `${name} ble flyttet til ${position}.`,
  unknown: "Elementet",
};
