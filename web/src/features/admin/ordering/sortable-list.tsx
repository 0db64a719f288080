import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ArrowDown, ArrowUp, GripVertical } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { moved } from "@/lib/mutation";
import { type SortTexts, sortTextsEn } from "./sort-texts";

/** What a sortable item hands its content: the drag handle and the move buttons, to place. */
export interface SortControls {
  /** The grip: drag it with the mouse or a finger, or focus it and use Space and the arrow keys. */
  handle: ReactNode;
  /** "Move up" and "Move down": the same in two clicks, for anyone who would rather. */
  moveButtons: ReactNode;
  /** True while this item is being dragged. */
  dragging: boolean;
}

/**
 * A list the admin orders by hand: drag an item by its grip (mouse, touch), or focus
 * the grip and move it with the keyboard (dnd-kit's keyboard sensor, with spoken announcements),
 * or press an item's "Move up"/"Move down". Each change hands the whole new order to `onReorder`
 * (the screen saves it; the list shows `items` as given, which the save updates at once).
 */
export function SortableList<T extends { id: number }>({
  items,
  nameOf,
  label,
  layout = "list",
  className,
  disabled = false,
  texts = sortTextsEn,
  onReorder,
  children,
}: {
  items: readonly T[];
  /** An item's name in the announcements and the controls' labels. */
  nameOf: (item: T) => string;
  /** The list's accessible name. */
  label: string;
  layout?: "list" | "grid";
  className?: string;
  disabled?: boolean;
  /** The words of the controls and announcements (English by default). */
  texts?: SortTexts;
  onReorder: (ids: number[]) => void;
  children: (item: T, controls: SortControls) => ReactNode;
}) {
  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so a click on the grip stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  // What the move buttons last did, for screen readers (the drag's own are dnd-kit's).
  const [status, setStatus] = useState("");
  const ids = items.map((item) => item.id);
  const count = items.length;
  const indexOf = (id: UniqueIdentifier) => ids.indexOf(Number(id));
  const nameAt = (id: UniqueIdentifier) => {
    const item = items[indexOf(id)];
    return item ? nameOf(item) : texts.unknown;
  };
  const position = (id: UniqueIdentifier) => texts.position(indexOf(id) + 1, count);

  const announcements: Announcements = {
    onDragStart: ({ active }) => texts.pickedUp(nameAt(active.id), position(active.id)),
    onDragOver: ({ active, over }) =>
      over ? texts.over(nameAt(active.id), position(over.id)) : texts.outside(nameAt(active.id)),
    onDragEnd: ({ active, over }) =>
      texts.dropped(nameAt(active.id), position(over ? over.id : active.id)),
    onDragCancel: ({ active }) => texts.cancelled(nameAt(active.id), position(active.id)),
  };

  const move = (from: number, to: number) => {
    if (to < 0 || to >= count || from === to) return;
    onReorder(moved(ids, from, to));
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) move(indexOf(active.id), indexOf(over.id));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: texts.instructions },
      }}
    >
      <SortableContext
        items={ids}
        strategy={layout === "grid" ? rectSortingStrategy : verticalListSortingStrategy}
        disabled={disabled}
      >
        <ul aria-label={label} className={className}>
          {items.map((item, index) => (
            <SortableItem
              key={item.id}
              id={item.id}
              name={nameOf(item)}
              first={index === 0}
              last={index === count - 1}
              disabled={disabled}
              texts={texts}
              onMove={(step) => {
                move(index, index + step);
                setStatus(texts.moved(nameOf(item), texts.position(index + step + 1, count)));
              }}
            >
              {(controls) => children(item, controls)}
            </SortableItem>
          ))}
        </ul>
      </SortableContext>
      <p role="status" className="sr-only">
        {status}
      </p>
    </DndContext>
  );
}

function SortableItem({
  id,
  name,
  first,
  last,
  disabled,
  texts,
  onMove,
  children,
}: {
  id: number;
  name: string;
  first: boolean;
  last: boolean;
  disabled: boolean;
  texts: SortTexts;
  onMove: (step: -1 | 1) => void;
  children: (controls: SortControls) => ReactNode;
}) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id, disabled });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={texts.handle(name)}
      className={cn(
        "grid size-10 shrink-0 touch-none place-items-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
        disabled ? "cursor-not-allowed opacity-50" : "cursor-grab active:cursor-grabbing",
      )}
      data-testid="drag-handle"
    >
      <GripVertical className="size-5" aria-hidden="true" />
    </button>
  );
  const moveButtons = (
    <span className="inline-flex">
      <Button
        variant="ghost"
        size="icon"
        aria-label={texts.up(name)}
        disabled={disabled || first}
        onClick={() => onMove(-1)}
      >
        <ArrowUp className="size-4" aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={texts.down(name)}
        disabled={disabled || last}
        onClick={() => onMove(1)}
      >
        <ArrowDown className="size-4" aria-hidden="true" />
      </Button>
    </span>
  );
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn("min-w-0", isDragging && "relative z-10 opacity-80 shadow-lg")}
      data-sortable-id={id}
    >
      {children({ handle, moveButtons, dragging: isDragging })}
    </li>
  );
}
