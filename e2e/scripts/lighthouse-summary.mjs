// Prints the four Lighthouse scores of one or more JSON reports and the JavaScript the page
// loaded, and exits 1 when a score is under budget (DESIGN.md section 5; issue 15 raised the
// performance budget to 99 and set LCP at 1.5 s once the server renders the home page). With
// several reports, each run's scores are listed and the median run (by performance, then LCP) is
// the one checked and detailed.
import { readFileSync } from "node:fs";

const reports = process.argv.slice(2).map((file) => JSON.parse(readFileSync(file, "utf8")));
const score = (r, id) => Math.round((r.categories[id]?.score ?? 0) * 100);
const lcp = (r) => r.audits.metrics?.details?.items?.[0]?.largestContentfulPaint ?? Number.POSITIVE_INFINITY;
if (reports.length > 1) {
  reports.forEach((r, i) => {
    const ids = ["performance", "accessibility", "best-practices", "seo"];
    console.log(`run ${i + 1}: ${ids.map((id) => `${id} ${score(r, id)}`).join(", ")}, LCP ${Math.round(lcp(r))} ms`);
  });
  const lcps = reports.map(lcp).sort((a, b) => a - b);
  console.log(`median LCP of ${reports.length} runs: ${Math.round(lcps[Math.floor(lcps.length / 2)])} ms`);
}
const sorted = [...reports].sort((a, b) => score(a, "performance") - score(b, "performance") || lcp(b) - lcp(a));
const report = sorted[Math.floor(sorted.length / 2)];
const budget = { performance: 99, accessibility: 100, "best-practices": 100, seo: 100 };
const lcpBudget = 1500;
let failed = false;
for (const [id, min] of Object.entries(budget)) {
  const score = Math.round((report.categories[id]?.score ?? 0) * 100);
  const ok = score >= min;
  failed ||= !ok;
  console.log(`${report.categories[id]?.title ?? id}: ${score} (budget ${min}) ${ok ? "ok" : "UNDER BUDGET"}`);
  if (!ok) {
    for (const ref of report.categories[id]?.auditRefs ?? []) {
      const audit = report.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
        console.log(`  - ${audit.id}: ${audit.title} (${audit.displayValue ?? audit.score})`);
      }
    }
  }
}
const requests = report.audits["network-requests"]?.details?.items ?? [];
const scripts = requests.filter((r) => r.resourceType === "Script");
const bytes = scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
console.log(`JavaScript loaded: ${scripts.length} file(s), ${(bytes / 1024).toFixed(1)} KiB transferred`);
for (const r of scripts) console.log(`  ${r.url.replace(/^https?:\/\/[^/]+/, "")} ${(r.transferSize / 1024).toFixed(1)} KiB`);
const metrics = report.audits.metrics?.details?.items?.[0];
if (metrics) {
  console.log(
    `FCP ${Math.round(metrics.firstContentfulPaint)} ms, LCP ${Math.round(metrics.largestContentfulPaint)} ms, ` +
      `TBT ${Math.round(metrics.totalBlockingTime)} ms, CLS ${metrics.cumulativeLayoutShift.toFixed(3)}`,
  );
}
if (reports.length > 0) {
  const lcps = reports.map(lcp).sort((a, b) => a - b);
  const median = lcps[Math.floor(lcps.length / 2)];
  const ok = median <= lcpBudget;
  failed ||= !ok;
  console.log(`LCP median ${Math.round(median)} ms (budget ${lcpBudget}) ${ok ? "ok" : "OVER BUDGET"}`);
}
// The machine's speed as Lighthouse measured it (a desktop is ~1000+; a loaded, shared machine
// scores far lower and every timing above is then inflated).
console.log(`Lighthouse benchmarkIndex: ${report.environment?.benchmarkIndex ?? "?"}`);
const breakdown = report.audits["mainthread-work-breakdown"]?.details?.items ?? [];
console.log(`Main thread: ${breakdown.map((i) => `${i.groupLabel ?? i.group} ${Math.round(i.duration)} ms`).join(", ")}`);
process.exit(failed ? 1 : 0);
