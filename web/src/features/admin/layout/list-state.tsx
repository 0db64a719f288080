import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toaster";
import { errorMessage } from "@/lib/api";

/** The part of a list's query the screen's states read. */
export interface ListQuery<T> {
  isPending: boolean;
  isError: boolean;
  data: T[] | undefined;
  refetch: () => unknown;
}

interface ListStateProps<T> {
  query: ListQuery<T>;
  /** The spinner's accessible name while the list loads. */
  loading: string;
  /** What a failed load says, above its "Try Again". */
  failed: string;
  /** The items shown, when the screen filters the list; the query's items otherwise. */
  items?: T[];
  /** What an empty list says, with an action (an add button) under it; without, the list renders even empty. */
  empty?: { message: ReactNode; action?: ReactNode };
  children: (items: T[]) => ReactNode;
}

/**
 * An admin list's four states, as every list screen shows them: a spinner while it loads, a card
 * with "Try Again" when the load failed, a card saying the list is empty, or the list itself.
 */
export function ListState<T>({
  query,
  loading,
  failed,
  items,
  empty,
  children,
}: ListStateProps<T>) {
  if (query.isPending) return <Spinner label={loading} />;
  if (query.isError || !query.data) {
    return (
      <Card className="flex flex-col items-center gap-3 p-10 text-center">
        <p className="text-destructive">{failed}</p>
        <Button variant="outline" onClick={() => query.refetch()}>
          Try Again
        </Button>
      </Card>
    );
  }
  const shown = items ?? query.data;
  if (empty && shown.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-4 p-10 text-center">
        <p className="text-muted-foreground">{empty.message}</p>
        {empty.action}
      </Card>
    );
  }
  return children(shown);
}

/** An admin call's onError: a toast titled `title` with the server's message, or `fallback`. */
export const toastError = (title: string, fallback: string) => (error: Error) =>
  toast.error(title, { description: errorMessage(error, fallback) });
