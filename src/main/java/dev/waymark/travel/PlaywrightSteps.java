package dev.waymark.travel;

import static dev.waymark.travel.PlaywrightParts.blank;
import static dev.waymark.travel.Script.str;

import dev.waymark.workflow.ExtractField;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepTypes;
import dev.waymark.workflow.WaitConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What one step does, as Playwright lines: the action itself, or why a Playwright test cannot do it. */
final class PlaywrightSteps {
  /** As replay bounds extractList without a limit. */
  static final int LIST_BOUND = 1000;
  static final Pattern VIEWPORT = Pattern.compile("\\s*(\\d{2,5})\\s*[xX×]\\s*(\\d{2,5})\\s*");
  private static final Pattern ABSOLUTE = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*:.*");

  /**
   * The action's lines and the element it acts on (for expect.value). {@code notTranslated} says why there is no
   * action; {@code stops}: the steps after it depend on it (a person's turn, another tab), so the test stops there as
   * fixme; {@code partly} names what of the step is left out.
   */
  record Action(List<String> lines, String element, String notTranslated, boolean stops, String partly) {
    static Action of(String element, String... lines) {
      return new Action(List.of(lines), element, null, false, null);
    }

    static Action not(String why, boolean stops) {
      return new Action(List.of(), null, why, stops, null);
    }

    Action partly(String what) {
      return new Action(lines, element, notTranslated, stops, what);
    }
  }

  private final PlaywrightParts parts;

  PlaywrightSteps(PlaywrightParts parts) {
    this.parts = parts;
  }

  Action action(Step s, String t) {
    String opt = "{ timeout: " + t + " }";
    return switch (s.type()) {
      case StepTypes.NAVIGATE -> navigate(s, opt);
      case StepTypes.CLICK -> onElement(s, "click(" + opt + ")");
      case StepTypes.FILL -> "select".equalsIgnoreCase(s.target() == null ? null : s.target().tag())
          // replay fills a <select> by choosing the option
          ? onElement(s, "selectOption(" + parts.value(s.value()) + ", " + opt + ")")
          : onElement(s, "fill(" + parts.value(s.value() == null ? "" : s.value()) + ", " + opt + ")");
      case StepTypes.SELECT -> onElement(s, "selectOption(" + parts.value(s.value()) + ", " + opt + ")");
      case StepTypes.UPLOAD -> onElement(s, "setInputFiles(" + parts.value(s.value()) + ", " + opt + ")");
      case StepTypes.PRESS -> press(s, opt);
      case StepTypes.SCROLL -> scroll(s, t);
      case StepTypes.WAIT -> waitStep(s, t);
      case StepTypes.EXTRACT -> extract(s, opt);
      case StepTypes.EXTRACT_LIST -> extractList(s, t);
      case StepTypes.EVAL -> eval(s);
      case StepTypes.SET_VIEWPORT -> viewport(s);
      case StepTypes.CAPTURE_URL -> Action.not("Waymark fetches " + s.url() + " in the page's session and hands the file"
          + " to you; fetch it with page.request if the test needs it", false);
      case StepTypes.CAPTURE_DOWNLOAD -> Action.not("Waymark re-issues the download's request and hands the file to you;"
          + " use page.waitForEvent('download') around the click if the test needs it", false);
      case StepTypes.CAPTURE_PAGE_FILE -> Action.not("Waymark saves the page itself as a file; page.pdf() or "
          + "page.content() would, if the test needs it", false);
      case StepTypes.USER_STEP -> Action.not("a person's turn (" + (blank(s.prompt()) ? "no prompt" : s.prompt())
          + "); a test cannot wait for one, so it stops here as fixme", true);
      case StepTypes.SWITCH_TAB, StepTypes.ADOPT_TAB, StepTypes.CLOSE_TAB -> Action.not("tabs are the browser's;"
          + " the steps after this one act in another tab, so the test stops here as fixme", true);
      default -> Action.not("Waymark has no step type \"" + s.type() + "\"", true);
    };
  }

  private Action navigate(Step s, String opt) {
    String how = (blank(s.url()) ? String.valueOf(s.value()) : s.url()).strip().toLowerCase(Locale.ROOT);
    switch (how) {
      case "back" -> { return Action.of(null, "await page.goBack(" + opt + ");"); }
      case "forward" -> { return Action.of(null, "await page.goForward(" + opt + ");"); }
      case "reload" -> { return Action.of(null, "await page.reload(" + opt + ");"); }
      default -> { }
    }
    if (blank(s.url())) return Action.not("it names no url", false);
    String url = parts.value(s.url());
    // Replay reads a relative address against the page the tab is on.
    if (!ABSOLUTE.matcher(s.url()).matches()) url = "new URL(" + url + ", page.url()).href";
    return Action.of(null, "await page.goto(" + url + ", " + opt + ");");
  }

  private Action onElement(Step s, String call) {
    if (PlaywrightParts.several(s.selector())) {
      return Action.of(null, "for (const each of " + parts.eachOf(s.selector()) + ") await each." + call + ";");
    }
    String el = parts.element(s);
    if (el == null) return Action.not("it has no selector", false);
    return Action.of(el, "await " + el + "." + call + ";");
  }

  private Action press(Step s, String opt) {
    Keys keys = Keys.parse(s.value());
    if (keys == null) return Action.not("\"" + s.value() + "\" names no key", false);
    if (s.selector() == null) return Action.of(null, "await page.keyboard.press(" + str(keys.playwright()) + ");");
    return onElement(s, "press(" + str(keys.playwright()) + ", " + opt + ")");
  }

  private Action scroll(Step s, String t) {
    String v = s.value() == null ? "" : s.value().strip().toLowerCase(Locale.ROOT);
    String dx = "0";
    String dy;
    if (v.isEmpty() || v.equals("down")) dy = "Math.round((page.viewportSize()?.height ?? 720) * 0.8)";
    else if (v.equals("up")) dy = "-Math.round((page.viewportSize()?.height ?? 720) * 0.8)";
    else if (v.equals("right")) {
      dx = "Math.round((page.viewportSize()?.width ?? 1280) * 0.8)";
      dy = "0";
    } else if (v.equals("left")) {
      dx = "-Math.round((page.viewportSize()?.width ?? 1280) * 0.8)";
      dy = "0";
    } else if (v.equals("bottom") || v.equals("end")) dy = "1_000_000";
    else if (v.equals("top") || v.equals("start") || v.equals("home")) dy = "-1_000_000";
    else if (v.matches("-?\\d+(\\.\\d+)?(px)?")) dy = v.replace("px", "");
    else if (v.matches("-?\\d+(px)?\\s*,\\s*-?\\d+(px)?")) {
      String[] xy = v.replace("px", "").split("\\s*,\\s*");
      dx = xy[0];
      dy = xy[1];
    } else return Action.not("\"" + s.value() + "\" is no scroll amount replay knows", false);
    // A wheel over the element scrolls the box around it, as replay does; over the page's corner, the page.
    List<String> lines = new ArrayList<>();
    if (s.selector() != null) {
      String el = parts.element(s);
      if (el == null) return Action.not("it has no selector", false);
      lines.add("await " + el + ".hover({ timeout: " + t + " });");
      lines.add("await page.mouse.wheel(" + dx + ", " + dy + ");");
      return new Action(lines, el, null, false, null);
    }
    lines.add("await page.mouse.move(1, 1);");
    lines.add("await page.mouse.wheel(" + dx + ", " + dy + ");");
    return new Action(lines, null, null, false, null);
  }

  private Action waitStep(Step s, String t) {
    WaitConfig w = s.waitFor();
    boolean empty = w == null || (blank(w.selector()) && blank(w.text()) && blank(w.urlIncludes()) && w.delayMs() <= 0);
    // A wait step with only a selector waits for it, as replay does.
    if (empty && s.selector() != null && !blank(s.selector().css())) w = new WaitConfig(s.selector().css(), null, null, false, 0, 0);
    else if (empty) return Action.not("it waits for nothing (no selector, text, url_includes or delay_ms)", false);
    return new Action(parts.waitFor(w, t), null, null, false, null);
  }

  private Action extract(Step s, String opt) {
    String el = parts.element(s);
    if (el == null) return Action.not("it has no selector", false);
    String format = s.format() == null ? "" : s.format().toLowerCase(Locale.ROOT);
    String read;
    if (!blank(s.attribute())) read = "(await " + el + ".getAttribute(" + str(s.attribute()) + ", " + opt + ")) ?? ''";
    else if (format.equals("html") || format.equals("outer_html")) read = "await " + el + ".evaluate((e) => e.outerHTML, undefined, " + opt + ")";
    else if (format.equals("inner_html")) read = "await " + el + ".innerHTML(" + opt + ")";
    else if (format.equals("value")) read = "await " + el + ".inputValue(" + opt + ")";
    else read = "(await " + el + ".innerText(" + opt + ")).trim()";
    List<String> lines = new ArrayList<>(List.of("const data = " + read + ";"));
    keep(s, lines);
    return new Action(lines, el, null, false, null);
  }

  private Action extractList(Step s, String t) {
    String items = parts.matches(s.selector());
    if (items == null) return Action.not("it has no selector for its items", false);
    parts.helpers().add(PlaywrightParts.Helper.READ_LIST);
    List<String> fields = new ArrayList<>();
    for (Map.Entry<String, ExtractField> f : s.fields().entrySet()) {
      ExtractField x = f.getValue();
      List<String> props = new ArrayList<>();
      if (x != null && !blank(x.css())) props.add("css: " + str(x.css()));
      if (x != null && !blank(x.attribute())) props.add("attribute: " + str(x.attribute()));
      fields.add(Script.prop(f.getKey()) + ": { " + String.join(", ", props) + " }");
    }
    int limit = s.limit() > 0 ? s.limit() : LIST_BOUND;
    List<String> lines = new ArrayList<>();
    lines.add("const data = JSON.stringify(await readList(" + items + ", { " + String.join(", ", fields) + " }, " + limit
        + ", " + t + "));");
    keep(s, lines);
    return new Action(lines, null, null, false, null)
        .partly("it reads the items on the page as it is; replay also follows the list's next-page control up to the limit");
  }

  private Action eval(Step s) {
    if (blank(s.fn())) return Action.not("it names no page function (fn)", false);
    parts.helpers().add(PlaywrightParts.Helper.CALL_PAGE_FUNCTION);
    List<String> lines = new ArrayList<>();
    lines.add("const data = await callPageFunction(page, " + str(s.fn().strip()) + ", " + parts.anyValue(s.args()) + ");");
    keep(s, lines);
    return new Action(lines, null, null, false, null);
  }

  private Action viewport(Step s) {
    Matcher m = VIEWPORT.matcher(s.value() == null ? "" : s.value());
    if (!m.matches()) return Action.not("\"" + s.value() + "\" is not WIDTHxHEIGHT", false);
    return Action.of(null, "await page.setViewportSize({ width: " + m.group(1) + ", height: " + m.group(2) + " });");
  }

  /** What a reading step read: kept under its store name for later tokens, and attached to the test's report. */
  private void keep(Step s, List<String> lines) {
    if (!blank(s.store())) lines.add("stored[" + str(s.store().strip()) + "] = data;");
    lines.add("await test.info().attach(" + str((blank(s.id()) ? s.type() : s.id()) + " data") + ", { body: data, contentType: 'text/plain' });");
    parts.stores(s.store());
  }
}
