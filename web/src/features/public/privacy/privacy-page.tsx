import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { startAnalytics } from "@/api/analytics";
import { useContent, withDefaults } from "@/api/content";
import { SiteFooter } from "@/components/site/site-footer";
import { SiteNav } from "@/components/site/site-nav";
import { format, useLanguage } from "@/lib/i18n";

/** One block of the privacy text: a heading ("## …") or a paragraph. */
interface Block {
  heading: boolean;
  text: string;
}

/**
 * The stored text as blocks: blank lines separate paragraphs, a line starting "## " is a heading
 * (the admin edits plain text, never HTML, so nothing here can inject markup).
 */
export function privacyBlocks(body: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length > 0) blocks.push({ heading: false, text: paragraph.join("\n") });
    paragraph = [];
  };
  for (const raw of body.split("\n")) {
    const line = raw.trim();
    if (line.startsWith("## ")) {
      endParagraph();
      blocks.push({ heading: true, text: line.slice(3).trim() });
    } else if (line === "") {
      endParagraph();
    } else {
      paragraph.push(line);
    }
  }
  endParagraph();
  return blocks;
}

/**
 * The built-in texts, fetched as a script of their own when the page opens: in the page's script
 * they would weigh on every visit of the home page (DESIGN.md section 5), which shares it. (The
 * page itself is small and not lazy: as a lazy route it made the bundler split shared modules out
 * of the main script, 2 KB more for every visitor.)
 */
function usePrivacyDefaults() {
  return useQuery({
    queryKey: ["privacy-defaults"],
    queryFn: () => import("@/lib/i18n/privacy-defaults").then((m) => m.privacyDefaults),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * "/privacy" and "/en/privacy": what analytics and the contact form collect, why, how
 * long and whom to ask; the `privacy` content section's text, or the built-in one. "{email}" in it
 * becomes the contact e-mail of the content, "{site}" the site's name (the controller).
 */
export function PrivacyPage() {
  const { t, language } = useLanguage();
  const defaults = usePrivacyDefaults().data?.[language] ?? { body: "" };
  const privacy = withDefaults(useContent("privacy", language).data, defaults);
  const contact = withDefaults(useContent("contact", language).data, t.defaults.contact);
  useEffect(() => startAnalytics(language), [language]);
  const blocks = privacyBlocks(format(privacy.body, { email: contact.email, site: t.nav.brand }));
  return (
    <div id="top" className="flex min-h-dvh flex-col">
      <SiteNav />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <article className="mx-auto max-w-3xl px-5 py-16 sm:px-8 sm:py-24">
          <h1 className="text-4xl font-extrabold tracking-tight text-stone-950 sm:text-5xl">
            {t.privacy.title}
          </h1>
          <div className="mt-10 space-y-5 text-pretty leading-relaxed text-stone-700">
            {blocks.map((block, index) =>
              block.heading ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the text's order is its identity.
                <h2 key={index} className="pt-4 text-2xl font-bold text-stone-950">
                  {block.text}
                </h2>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: the text's order is its identity.
                <p key={index} className="whitespace-pre-line">
                  {block.text}
                </p>
              ),
            )}
          </div>
        </article>
      </main>
      <SiteFooter />
    </div>
  );
}
