package dev.waymark.travel;

import static dev.waymark.travel.PlaywrightParts.blank;
import static dev.waymark.travel.Script.str;

import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepTypes;
import dev.waymark.workflow.WaitConfig;
import dev.waymark.workflow.Workflow;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A workflow as a Playwright Test file (TypeScript, {@code @playwright/test}): one test, one {@code test.step} per
 * workflow step, with its condition, wait and expect. Every {@code {{ token }}} is read from the environment variable
 * of its name in capitals; a step Playwright cannot perform is marked in the file, in the test's annotations and in
 * {@link Result#notes()}, never left out.
 */
public final class PlaywrightExport {
  /** Replay's bound on a step that sets no timeout_ms ({@code run --timeout}'s default). */
  public static final int DEFAULT_TIMEOUT_MS = 15_000;
  /** The config file written beside an exported test when its folder has none. */
  public static final String CONFIG_FILE = "playwright.config.ts";
  /** Config names Playwright looks for; a folder with any of them keeps its own. */
  public static final List<String> CONFIG_NAMES = List.of("playwright.config.ts", "playwright.config.js",
      "playwright.config.mts", "playwright.config.mjs", "playwright.config.cts", "playwright.config.cjs");

  /**
   * The text of {@value #CONFIG_FILE}: the tests of its folder in an installed Chromium rather than one Playwright
   * downloads, so {@code npx playwright install} is never needed.
   */
  public static final String CONFIG = """
      // Written by `waymark export --format playwright`; yours to change. It runs the tests in this folder in an
      // installed Chromium instead of a browser Playwright downloads: $WAYMARK_CHROMIUM, else /usr/bin/chromium when
      // it is there. Remove executablePath to use the browser `npx playwright install` fetches instead.
      import { existsSync } from 'node:fs';
      import { defineConfig } from '@playwright/test';

      const executablePath = process.env.WAYMARK_CHROMIUM || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

      export default defineConfig({
        testDir: '.',
        testMatch: '*.spec.ts',
        reporter: 'list',
        use: { browserName: 'chromium', headless: true, launchOptions: { executablePath } },
      });
      """;

  /** The file's text, what was not carried over, and the environment variables it reads (name → description). */
  public record Result(String text, List<TravelNote> notes, Map<String, String> environment) {}

  private PlaywrightExport() {}

  /** The test for {@code workflow}; {@code source} names the file it came from, for the header. */
  public static Result export(Workflow workflow, String source) {
    PlaywrightParts parts = new PlaywrightParts(workflow.variables());
    PlaywrightSteps steps = new PlaywrightSteps(parts);
    List<TravelNote> notes = new ArrayList<>();
    StringBuilder body = new StringBuilder();
    long bound = 0;
    for (int i = 0; i < workflow.steps().size(); i++) {
      Step s = workflow.steps().get(i);
      bound += s.timeoutMs() > 0 ? s.timeoutMs() : DEFAULT_TIMEOUT_MS;
      step(body, s, i, steps, parts, notes);
    }
    String title = !blank(workflow.name()) ? workflow.name() : !blank(workflow.id()) ? workflow.id() : "workflow";
    StringBuilder out = new StringBuilder();
    out.append("// ").append(Script.comment(title)).append(": a Playwright test written by `waymark export --format playwright`")
        .append(" from ").append(Script.comment(source)).append(".\n");
    out.append("// Each {{ token }} of the workflow is read from the environment variable of its name in capitals")
        .append(parts.environment().isEmpty() ? "" : " (" + String.join(", ", parts.environment().keySet()) + ")").append(".\n");
    out.append("// A step a Playwright test cannot perform is marked \"not translated\" here and in the test's annotations.\n");
    out.append("// Run it with `npx playwright test`; the playwright.config.ts written beside it uses an installed Chromium.\n");
    out.append("import { test, expect, type Dialog, type FrameLocator, type Locator, type Page } from '@playwright/test';\n\n");
    out.append("/** Replay's bound on a step that sets no timeout_ms (waymark run --timeout). */\n");
    out.append("const TIMEOUT = ").append(DEFAULT_TIMEOUT_MS).append(";\n");
    for (PlaywrightParts.Helper h : PlaywrightParts.Helper.values()) {
      if (parts.helpers().contains(h)) out.append('\n').append(PlaywrightHelpers.source(h));
    }
    out.append("\ntest(").append(str(title)).append(", async ({ page }) => {\n");
    out.append("  // The sum of the steps' own bounds.\n");
    out.append("  test.setTimeout(").append(Math.max(30_000, bound)).append(");\n");
    if (!parts.environment().isEmpty()) {
      List<String> wanted = new ArrayList<>();
      parts.environment().forEach((name, what) -> wanted.add("[" + str(name) + ", " + str(what) + "]"));
      out.append("  const unset = [").append(String.join(", ", wanted)).append("].filter(([name]) => process.env[name] === undefined);\n");
      out.append("  if (unset.length) {\n");
      out.append("    throw new Error(`Set ${unset.map(([name, what]) => (what ? `${name} (${what})` : name)).join(', ')} in the `\n");
      out.append("      + 'environment: this test reads each {{ token }} of the workflow from the environment variable of its name in capitals.');\n");
      out.append("  }\n");
    }
    if (parts.storesAnything()) out.append("  const stored: Record<string, string> = {};\n");
    out.append(body).append("});\n");
    return new Result(out.toString(), List.copyOf(notes), java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(parts.environment())));
  }

  private static void step(StringBuilder out, Step s, int i, PlaywrightSteps steps, PlaywrightParts parts,
      List<TravelNote> notes) {
    String id = blank(s.id()) ? "step " + (i + 1) : s.id();
    String where = "step " + (i + 1) + (blank(s.id()) ? "" : " \"" + s.id() + "\"");
    String t = s.timeoutMs() > 0 ? String.valueOf(s.timeoutMs()) : "TIMEOUT";
    List<String> lines = new ArrayList<>();
    if (s.resume() != null && !blank(s.resume().id())) {
      lines.add("// Resume point \"" + Script.comment(s.resume().id()) + "\": a test always runs from the first step.");
    }
    if (s.condition() != null) {
      lines.add("if (!(" + parts.holds(s.condition()) + ")) {");
      lines.add("  test.info().annotations.push({ type: 'waymark: skipped', description: " + str(id + ": its condition does not hold") + " });");
      lines.add("  return;");
      lines.add("}");
    }
    PlaywrightSteps.Action a = steps.action(s, t);
    if (a.notTranslated() != null) {
      notes.add(new TravelNote(TravelNote.Kind.NOT_TRANSLATED, where, s.type(), 0, a.notTranslated()));
      lines.add("// Not translated: " + Script.comment(a.notTranslated()) + ".");
      String why = id + " (" + s.type() + "): " + a.notTranslated();
      if (a.stops()) lines.add("test.fixme(true, " + str(why) + ");");
      else lines.add("test.info().annotations.push({ type: 'waymark: not translated', description: " + str(why) + " });");
    } else {
      if (a.partly() != null) {
        notes.add(new TravelNote(TravelNote.Kind.PARTLY, where, s.type(), 0, a.partly()));
        lines.add("// Partly translated: " + Script.comment(a.partly()) + ".");
      }
      List<String> act = new ArrayList<>(parts.expectBaseline(s.expect()));
      if (s.acceptDialog()) {
        act.add("// accept_dialog: the dialog this step opens is answered OK (Playwright dismisses dialogs otherwise).");
        act.add("const accept = (d: Dialog) => d.accept();");
        act.add("page.once('dialog', accept);");
      }
      act.addAll(a.lines());
      if (s.acceptDialog()) act.add("page.off('dialog', accept);");
      if (s.waitFor() != null && !StepTypes.WAIT.equals(s.type())) act.addAll(parts.waitFor(s.waitFor(), t));
      if (s.expect() != null) act.addAll(parts.expect(s.expect(), s, a.element(), t));
      if (s.optional()) {
        lines.add("try {");
        act.forEach(l -> lines.add("  " + l));
        lines.add("} catch (e) {");
        lines.add("  // optional: replay reports the failure and goes on.");
        lines.add("  test.info().annotations.push({ type: 'waymark: optional step failed', description: " + str(id + ": ")
            + " + String(e).split('\\n')[0] });");
        lines.add("}");
      } else {
        lines.addAll(act);
      }
    }
    out.append("\n  await test.step(").append(str(id + ": " + describe(s))).append(", async () => {\n");
    for (String l : lines) out.append("    ").append(l).append('\n');
    out.append("  });\n");
  }

  /** The step in a few words: its label, else its type and what it acts on. */
  static String describe(Step s) {
    if (!blank(s.label())) return s.label();
    if (StepTypes.EVAL.equals(s.type()) && !blank(s.fn())) return "eval " + s.fn();
    if (StepTypes.WAIT.equals(s.type()) && s.waitFor() != null) {
      WaitConfig w = s.waitFor();
      String what = !blank(w.text()) ? "\"" + w.text() + "\"" : !blank(w.selector()) ? w.selector() + (w.absent() ? " to go" : "")
          : !blank(w.urlIncludes()) ? "an address with " + w.urlIncludes() : w.delayMs() + " ms";
      return "wait for " + what;
    }
    if (!blank(s.filename())) return s.type() + " " + s.filename();
    String what = s.target() != null && !blank(s.target().name()) ? "\"" + s.target().name() + "\""
        : s.selector() != null ? s.selector().describe()
        : !blank(s.url()) ? s.url() : !blank(s.value()) ? s.value() : "";
    return (s.type() + " " + what).strip();
  }
}
