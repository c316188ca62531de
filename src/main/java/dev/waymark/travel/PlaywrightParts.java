package dev.waymark.travel;

import static dev.waymark.travel.Script.str;

import dev.waymark.workflow.Condition;
import dev.waymark.workflow.Expect;
import dev.waymark.workflow.Selector;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.Target;
import dev.waymark.workflow.Tokens;
import dev.waymark.workflow.WaitConfig;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;

/**
 * The expressions a Playwright test is made of, for one workflow: a value with its tokens (environment variables,
 * or slots earlier steps stored), an element's locator (role and name first, the CSS selector beside it), and the
 * waits, conditions and expectations of a step. It remembers which helper functions the file needs.
 */
final class PlaywrightParts {
  /** Helper functions the generated file defines only when a step uses them. */
  enum Helper { WITHIN, HOLDS, WAYMARK_PATH, READ_LIST, CALL_PAGE_FUNCTION }

  private final Map<String, String> variables;
  private final Set<String> stored = new LinkedHashSet<>();
  private final Map<String, String> environment = new LinkedHashMap<>();
  private final Set<Helper> helpers = new LinkedHashSet<>();

  PlaywrightParts(Map<String, String> variables) {
    this.variables = variables;
  }

  /** The environment variable a token reads: its name in capitals, with what a shell cannot name (. and -) as _. */
  static String envName(String token) {
    return token.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9_]", "_");
  }

  Map<String, String> environment() {
    return environment;
  }

  Set<Helper> helpers() {
    return helpers;
  }

  boolean storesAnything() {
    return !stored.isEmpty();
  }

  /** From now on {@code {{ slot }}} reads what this step stored, as replay does. */
  void stores(String slot) {
    if (slot != null && !slot.isBlank()) stored.add(slot.strip());
  }

  Set<String> storedSoFar() {
    return stored;
  }

  /** A TS expression of {@code text} with each token read: a stored slot, else the token's environment variable. */
  String value(String text) {
    if (text == null) return "''";
    Matcher m = Tokens.TOKEN.matcher(text);
    List<String> parts = new ArrayList<>();
    int at = 0;
    while (m.find()) {
      if (m.start() > at) parts.add(str(text.substring(at, m.start())));
      String name = m.group(1);
      if (stored.contains(name)) {
        parts.add("stored[" + str(name) + "]");
      } else {
        String env = envName(name);
        environment.putIfAbsent(env, variables.getOrDefault(name, ""));
        parts.add("process.env." + env + "!");
      }
      at = m.end();
    }
    if (at < text.length() || parts.isEmpty()) parts.add(str(text.substring(at)));
    return String.join(" + ", parts);
  }

  /** Any JSON-like value (an eval's args) with the tokens of its strings read. */
  String anyValue(Object v) {
    if (v == null) return "null";
    if (v instanceof String s) return value(s);
    if (v instanceof Number || v instanceof Boolean) return String.valueOf(v);
    if (v instanceof List<?> list) {
      List<String> items = new ArrayList<>();
      for (Object o : list) items.add(anyValue(o));
      return "[" + String.join(", ", items) + "]";
    }
    if (v instanceof Map<?, ?> map) {
      List<String> items = new ArrayList<>();
      map.forEach((k, x) -> items.add(Script.prop(String.valueOf(k)) + ": " + anyValue(x)));
      return "{ " + String.join(", ", items) + " }";
    }
    return str(String.valueOf(v));
  }

  /** Where a selector looks: the page, or the shadow hosts and frames it enters (found at run time). */
  String scope(Selector sel) {
    if (sel == null || sel.enter().isEmpty()) return "page";
    helpers.add(Helper.WITHIN);
    List<String> hosts = sel.enter().stream().map(Script::str).toList();
    return "(await within(page, [" + String.join(", ", hosts) + "]))";
  }

  /** The selector's own matches, before positions: CSS, else the structural path as XPath; null when it has neither. */
  String matches(Selector sel) {
    if (sel == null) return null;
    String scope = scope(sel);
    if (sel.css() != null && !sel.css().isBlank()) return scope + ".locator(" + str(sel.css()) + ")";
    if (sel.path() != null && !sel.path().isBlank()) return scope + ".locator(" + str("xpath=" + sel.path()) + ")";
    return null;
  }

  /** Whether the step acts on several of its matches (all, or a list of positions). */
  static boolean several(Selector sel) {
    return sel != null && (sel.all() || (!sel.indexes().isEmpty() && sel.index() == null));
  }

  /**
   * The one element a step acts on. Replay acts on the selector's first match (or its index); a target with a role
   * and a name is tried beside it with {@code or}, so a renamed class or a reworded label alone does not stop the
   * test, and two different elements make Playwright's strict mode fail the step instead of acting on a guess.
   */
  String element(Step step) {
    Selector sel = step.selector();
    String own = matches(sel);
    if (own == null) return null;
    String one = sel.index() != null ? own + ".nth(" + sel.index() + ")" : own + ".first()";
    String byRole = byRole(step.target(), sel);
    if (byRole == null) byRole = byItem(step.target(), sel);
    return byRole == null ? one : byRole + ".or(" + one + ")";
  }

  /** getByRole for a target that names its element alone; null when the name needs its item (context) or a position. */
  String byRole(Target t, Selector sel) {
    if (t == null || blank(t.role()) || blank(t.name()) || !blank(t.context())) return null;
    if (positioned(sel)) return null;
    return scope(sel) + ".getByRole(" + str(t.role()) + " as any, { name: " + str(t.name()) + ", exact: true })";
  }

  /**
   * A control its name does not tell apart, found as a person finds it: by the item it sits in (its context: the
   * checkbox in the todo "Walk the dog", the "Delete" in the row "Buy milk"), then by its role and name there; or, for
   * a control the browser leaves unnamed, by the words it shows (its text). Null when the target says neither, or the
   * step acts on a position.
   */
  String byItem(Target t, Selector sel) {
    if (t == null || positioned(sel)) return null;
    String inner = inner(t);
    if (inner == null) return null;
    if (!blank(t.context())) {
      return scope(sel) + ".locator(" + str(ITEMS) + ").filter({ hasText: " + str(shown(t.context())) + " })" + inner;
    }
    return blank(t.text()) ? null : scope(sel) + inner;
  }

  /** The item containers the observer takes a control's context from (observer/index.js), as CSS. */
  static final String ITEMS = "li, tr, article, [role=row], [role=listitem], [role=article], [role=option], [role=treeitem]";

  /** The control inside its item (or the page): role and name, else role, else the words it shows. */
  private static String inner(Target t) {
    boolean role = !blank(t.role()) && RecorderSelectors.CONTROL_ROLES.contains(t.role());
    if (role && !blank(t.name())) {
      return ".getByRole(" + str(t.role()) + " as any, { name: " + str(t.name()) + ", exact: true })";
    }
    if (!blank(t.text()) && ownWords(t)) {
      String words = shown(t.text());
      return ".getByText(" + str(words) + (words.equals(t.text().strip()) ? ", { exact: true })" : ")");
    }
    return role && !blank(t.context()) ? ".getByRole(" + str(t.role()) + " as any)" : null;
  }

  /**
   * Whether the target's text is words the element shows itself: a clickable's own words, not an unrendered label's
   * (which a field's text can be, and which a text search would find instead of the field).
   */
  static boolean ownWords(Target t) {
    return blank(t.tag()) || !Set.of("input", "select", "textarea", "img").contains(t.tag().toLowerCase(Locale.ROOT));
  }

  /** Observed text as the page shows it: without the ellipsis the observer put where it cut the text. */
  static String shown(String observed) {
    String s = observed.strip();
    return s.endsWith("\u2026") ? s.substring(0, s.length() - 1).strip() : s;
  }

  private static boolean positioned(Selector sel) {
    return sel != null && (sel.index() != null || !sel.indexes().isEmpty() || sel.all());
  }

  /** Each of the positions a step with several matches acts on, as locators. */
  String eachOf(Selector sel) {
    String own = matches(sel);
    if (sel.all()) return "await " + own + ".all()";
    List<String> picks = sel.indexes().stream().map(i -> own + ".nth(" + i + ")").toList();
    return "[" + String.join(", ", picks) + "]";
  }

  /** Lines that wait for a WaitConfig (selector visible or gone, text, address, delay), each bounded by {@code timeout}. */
  List<String> waitFor(WaitConfig w, String timeout) {
    List<String> out = new ArrayList<>();
    String t = w.timeoutMs() > 0 ? String.valueOf(w.timeoutMs()) : timeout;
    if (!blank(w.selector())) {
      String visible = "page.locator(" + str(w.selector()) + ").filter({ visible: true })";
      out.add(w.absent() ? "await expect(" + visible + ").toHaveCount(0, { timeout: " + t + " });"
          : "await " + visible + ".first().waitFor({ timeout: " + t + " });");
    }
    if (!blank(w.text())) out.add("await page.getByText(" + str(w.text()) + ").first().waitFor({ timeout: " + t + " });");
    if (!blank(w.urlIncludes())) {
      out.add("await page.waitForURL((u) => u.href.includes(" + str(w.urlIncludes()) + "), { timeout: " + t + " });");
    }
    if (w.delayMs() > 0) out.add("await page.waitForTimeout(" + w.delayMs() + ");");
    return out;
  }

  /** A TS boolean expression: does the condition hold now (replay checks it once, when the step comes). */
  String holds(Condition c) {
    helpers.add(Helper.HOLDS);
    List<String> parts = new ArrayList<>();
    if (!blank(c.selector())) parts.add("selector: " + str(c.selector()));
    if (!blank(c.text())) parts.add("text: " + str(c.text()));
    if (!blank(c.urlIncludes())) parts.add("url_includes: " + str(c.urlIncludes()));
    if (!blank(c.match())) parts.add("match: " + str(c.match()));
    if (c.negate()) parts.add("negate: true");
    return "await holds(page, { " + String.join(", ", parts) + " })";
  }

  /** The lines before the action that an expect needs (a list's count), in {@code before}. */
  List<String> expectBaseline(Expect e) {
    if (e == null || e.count() == null || blank(e.count().list())) return List.of();
    return List.of("const before = await page.locator(" + str(e.count().list()) + ").count();");
  }

  /** The lines after the action that wait for each fact of the step's expect, bounded by {@code timeout}. */
  List<String> expect(Expect e, Step step, String element, String timeout) {
    List<String> out = new ArrayList<>();
    String opt = "{ timeout: " + timeout + " }";
    if (e.ready()) out.add("// expect.ready: Playwright waits for the element to be actionable before it acts anyway.");
    if (e.url() != null) {
      helpers.add(Helper.WAYMARK_PATH);
      out.add("await expect(page).toHaveURL((u) => waymarkPath(u).endsWith(" + str(e.url()) + "), " + opt + ");");
    }
    if (e.title() != null) out.add("await expect(page).toHaveTitle(" + str(e.title()) + ", " + opt + ");");
    if (e.appears() != null) {
      // As lenient as replay: the name may be a part of the element's (Playwright's default, case-insensitive).
      out.add("await expect(" + byWhat(e.appears(), false) + ".filter({ visible: true }).first()).toBeVisible(" + opt + ");");
    }
    if (e.gone() != null) {
      out.add("await expect(" + byWhat(e.gone(), true) + ".filter({ visible: true })).toHaveCount(0, " + opt + ");");
    }
    if (e.value() != null && element != null) {
      out.add("await expect(" + element + ").toHaveValue(" + value(e.value()) + ", " + opt + ");");
    }
    if (e.count() != null && !blank(e.count().list())) {
      out.add("await expect(page.locator(" + str(e.count().list()) + ")).toHaveCount(before + (" + e.count().by() + "), "
          + opt + ");");
    }
    return out;
  }

  /**
   * An expected element by role and name. The observer names some roles by their text where ARIA gives no name from
   * content (a status, a list item), so an element of the role whose text is the name counts too.
   */
  private static String byWhat(Expect.Element el, boolean exact) {
    if (blank(el.role())) return "page.getByText(" + str(el.name()) + (exact ? ", { exact: true }" : "") + ")";
    String role = "page.getByRole(" + str(el.role()) + " as any";
    if (blank(el.name())) return role + ")";
    String text = exact ? "/^\\s*" + regex(el.name().strip()) + "\\s*$/" : str(el.name());
    return role + ", { name: " + str(el.name()) + (exact ? ", exact: true" : "") + " }).or(" + role + ").filter({ hasText: "
        + text + " }))";
  }

  /** {@code s} as the text of a JS regular expression literal that matches it exactly. */
  static String regex(String s) {
    StringBuilder b = new StringBuilder();
    for (char c : s.toCharArray()) {
      if ("\\^$.*+?()[]{}|/".indexOf(c) >= 0) b.append('\\');
      if (c == '\n' || c == '\r' || c == 0x2028 || c == 0x2029) b.append("\\s");
      else b.append(c);
    }
    return b.toString();
  }

  static boolean blank(String s) {
    return s == null || s.isBlank();
  }
}
