import type { ReactNode } from "react";

/**
 * The frame of one admin screen. The admin guard and sidebar (SPEC.md "Admin guard", "Admin
 * sidebar") will wrap this; admin texts are fixed as the spec gives them, not translated.
 */
export function AdminScreen({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <main className="mx-auto max-w-6xl px-6 py-10">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      {children}
    </main>
  );
}
