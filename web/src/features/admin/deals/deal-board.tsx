import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  type KeyboardSensorProps,
  MeasuringStrategy,
  MouseSensor,
  pointerWithin,
  type SensorInstance,
  TouchSensor,
  useDroppable,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { useRef, useState } from "react";
import {
  type Deal,
  type DealStage,
  dealStages,
  formatValue,
  stageLabel,
  stageLabels,
} from "@/api/deals.admin";
import { cn } from "@/components/ui/cn";
import { DealCard, DealCardPreview } from "./deal-card";

// The board of deals: a column per stage, moved between with @dnd-kit — the mouse, a
// long press on a touch screen, or the keyboard (a card's handle: space, ←/→, space) — or with the
// stage select on each card. A move calls onMove; the list it shows comes from its caller.

const stageOfActive = (data: unknown): DealStage | undefined =>
  (data as { deal?: Deal } | undefined)?.deal?.stage;

/**
 * The keyboard's move: ← and → (↑ and ↓ too) jump to the previous or next stage's column, its
 * middle, whatever the distance; other keys do nothing. `column` keeps the column the keys have
 * reached (it starts as the card's own), so each key moves exactly one column, and a drop goes
 * there, however quickly the keys come and whatever the collision detection has caught up with.
 */
export function columnCoordinates(column: { current: DealStage | null }): KeyboardCoordinateGetter {
  return (event, { context, currentCoordinates }) => {
    const step: Record<string, number> = {
      ArrowRight: 1,
      ArrowDown: 1,
      ArrowLeft: -1,
      ArrowUp: -1,
    };
    const delta = step[event.code];
    if (delta === undefined) return undefined;
    event.preventDefault();
    const from = column.current ?? stageOfActive(context.active?.data.current) ?? "new";
    const index = Math.max(0, Math.min(dealStages.length - 1, dealStages.indexOf(from) + delta));
    const target = dealStages[index] ?? from;
    const rect = context.droppableRects.get(target);
    if (!rect) return currentCoordinates;
    column.current = target;
    const width = context.collisionRect?.width ?? 0;
    return { x: rect.left + (rect.width - width) / 2, y: currentCoordinates.y };
  };
}

/**
 * dnd-kit's keyboard sensor, with no key lost after the pick-up. dnd-kit starts listening for keys
 * one task after the key that picked the card up (so that key is not taken for the drop), and an
 * arrow pressed within that task went nowhere: the card stayed while the hand had moved on (a quick
 * hand, or a busy machine — the board's browser test failed so now and then). This one holds the
 * keys of that moment and hands them on, in order, once dnd-kit listens.
 */
class PromptKeyboardSensor implements SensorInstance {
  static activators = KeyboardSensor.activators;
  autoScrollEnabled: boolean;

  constructor(props: KeyboardSensorProps) {
    const target = props.event.target;
    const doc = target instanceof Node ? (target.ownerDocument ?? document) : document;
    const held: KeyboardEvent[] = [];
    const hold = (event: KeyboardEvent) => {
      if (event === props.event) return;
      event.preventDefault();
      event.stopPropagation();
      held.push(event);
    };
    doc.addEventListener("keydown", hold, true);
    // dnd-kit's own sensor schedules its listening first; this timer comes after it.
    const sensor = new KeyboardSensor(props);
    this.autoScrollEnabled = sensor.autoScrollEnabled;
    setTimeout(() => {
      doc.removeEventListener("keydown", hold, true);
      for (const e of held) {
        doc.dispatchEvent(
          new KeyboardEvent("keydown", {
            key: e.key,
            code: e.code,
            bubbles: true,
            cancelable: true,
          }),
        );
      }
    });
  }
}

/** Where a card is dropped: the column under the pointer, else (the keyboard) the nearest. */
const collision: CollisionDetection = (args) => {
  const under = pointerWithin(args);
  return under.length > 0 ? under : closestCenter(args);
};

function brandOf(active: { data: { current?: unknown } }): string {
  return (active.data.current as { deal?: Deal } | undefined)?.deal?.brand ?? "The deal";
}

/**
 * Keeps the click that ends a pointer's drag from doing anything: released on a card's name, it
 * would open the deal (dnd-kit stops that click reaching React, not the link's own navigation).
 * The window hears a click before anything else. One that never comes (released away from where
 * it was pressed) is forgotten at the next press, which any later click follows: no timer, so a
 * busy browser that sends the click late still has it swallowed.
 */
function swallowTheClosingClick() {
  const swallow = (event: Event) => {
    event.preventDefault();
    forget();
  };
  const forget = () => {
    window.removeEventListener("click", swallow, { capture: true });
    window.removeEventListener("pointerdown", forget, { capture: true });
    window.removeEventListener("mousedown", forget, { capture: true });
    window.removeEventListener("keydown", forget, { capture: true });
  };
  window.addEventListener("click", swallow, { capture: true });
  window.addEventListener("pointerdown", forget, { capture: true });
  window.addEventListener("mousedown", forget, { capture: true });
  window.addEventListener("keydown", forget, { capture: true });
}

/** What a screen reader hears while a card moves; a keyboard's drop is where its keys went. */
function announcementsFor(keyboardColumn: { current: DealStage | null }): Announcements {
  const at = (over: { id: unknown } | null) => keyboardColumn.current ?? over?.id;
  return {
    onDragStart: ({ active }) =>
      `Picked up ${brandOf(active)}, in ${stageLabel(stageOfActive(active.data.current) ?? "")}.`,
    onDragOver: ({ active, over }) =>
      at(over)
        ? `${brandOf(active)} is over ${stageLabel(String(at(over)))}.`
        : `${brandOf(active)} is over no stage.`,
    onDragEnd: ({ active, over }) =>
      at(over)
        ? `${brandOf(active)} moved to ${stageLabel(String(at(over)))}.`
        : `${brandOf(active)} was dropped outside the board and stays where it was.`,
    onDragCancel: ({ active }) => `Moving ${brandOf(active)} was cancelled; it stays where it was.`,
  };
}

const screenReaderInstructions = {
  draggable:
    "To move this deal to another stage, press space or enter, then the left or right arrow keys, then space or enter to drop it. Escape cancels.",
};

/**
 * A stage's column. An empty one is a narrow strip with its name written upwards: the
 * seven stages then fit a 1280 px screen beside the sidebar, and the strip still takes a drop.
 */
function Column({
  stage,
  deals,
  today,
  onMove,
}: {
  stage: DealStage;
  deals: Deal[];
  today: string;
  onMove: (deal: Deal, stage: DealStage) => void;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: stage });
  const total: Record<string, number> = {};
  for (const d of deals) total[d.currency] = (total[d.currency] ?? 0) + d.price;
  const headingId = `deal-stage-${stage}`;
  const empty = deals.length === 0;
  const count = (
    <span className="rounded-full bg-card px-2 text-xs font-medium text-muted-foreground">
      {deals.length}
    </span>
  );
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-testid={`deal-column-${stage}`}
      data-empty={empty || undefined}
      className={cn(
        "flex shrink-0 flex-col rounded-xl border border-border bg-muted/60 p-2 transition-colors",
        // Wide screens share their width among the columns with deals (a lone one no wider than
        // a card needs); narrow ones scroll.
        empty ? "w-11 items-center" : "w-52 lg:w-auto lg:min-w-0 lg:max-w-80 lg:flex-1",
        isOver && "border-amber-400 bg-amber-50",
      )}
    >
      {empty ? (
        <h2
          id={headingId}
          className="flex items-center gap-2 pt-1 text-sm font-semibold whitespace-nowrap [writing-mode:vertical-rl]"
        >
          {stageLabels[stage]}
          {count}
        </h2>
      ) : (
        <>
          <header className="px-1 pt-1 pb-2">
            <h2
              id={headingId}
              className="flex items-center justify-between gap-1 text-sm font-semibold"
            >
              <span className="min-w-0 truncate">{stageLabels[stage]}</span>
              {count}
            </h2>
            <p className="text-xs text-muted-foreground tabular-nums" data-testid="column-value">
              {formatValue(total)}
            </p>
          </header>
          <ul className="flex min-h-24 flex-1 flex-col gap-2">
            {deals.map((deal) => (
              <DealCard key={deal.id} deal={deal} today={today} onMove={onMove} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/**
 * The board: seven columns in a row, the empty ones narrow. From 1024 px (the sidebar beside it)
 * the row fits the screen; narrower, it scrolls sideways within itself.
 */
export function DealBoard({
  deals,
  today,
  onMove,
}: {
  deals: Deal[];
  /** The admin's day, YYYY-MM-DD: what counts as overdue. */
  today: string;
  onMove: (deal: Deal, stage: DealStage) => void;
}) {
  const keyboardColumn = useRef<DealStage | null>(null);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    // A long press, so a swipe still scrolls the board.
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(PromptKeyboardSensor, { coordinateGetter: columnCoordinates(keyboardColumn) }),
  );
  const [dragging, setDragging] = useState<Deal | null>(null);

  const onDragStart = ({ active }: DragStartEvent) => {
    keyboardColumn.current = null;
    setDragging((active.data.current as { deal?: Deal } | undefined)?.deal ?? null);
  };
  const onDragEnd = ({ active, over, activatorEvent }: DragEndEvent) => {
    setDragging(null);
    const deal = (active.data.current as { deal?: Deal } | undefined)?.deal;
    // The keyboard drops where its keys went; a pointer where the pointer is.
    const keyboard = activatorEvent instanceof KeyboardEvent;
    if (!keyboard) swallowTheClosingClick();
    const stage = keyboard ? keyboardColumn.current : (over?.id as DealStage | undefined);
    if (deal && stage && stage !== deal.stage && dealStages.includes(stage)) onMove(deal, stage);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      // The columns are measured before a drag starts, not as it starts: a key pressed at once
      // (the arrow right after space) finds where the next column is.
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      accessibility={{ announcements: announcementsFor(keyboardColumn), screenReaderInstructions }}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={({ activatorEvent }) => {
        setDragging(null);
        if (!(activatorEvent instanceof KeyboardEvent)) swallowTheClosingClick();
      }}
    >
      <div className="-mx-4 overflow-x-auto px-4 pb-4 sm:mx-0 sm:px-0" data-testid="deal-board">
        <div className="flex min-h-72 min-w-max gap-2 lg:min-w-0">
          {dealStages.map((stage) => (
            <Column
              key={stage}
              stage={stage}
              deals={deals.filter((d) => d.stage === stage)}
              today={today}
              onMove={onMove}
            />
          ))}
        </div>
      </div>
      <DragOverlay dropAnimation={null}>
        {dragging ? <DealCardPreview deal={dragging} today={today} /> : null}
      </DragOverlay>
    </DndContext>
  );
}
