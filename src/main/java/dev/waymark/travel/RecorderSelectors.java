package dev.waymark.travel;

import static dev.waymark.travel.PlaywrightParts.blank;

import dev.waymark.workflow.Selector;
import dev.waymark.workflow.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Selectors in a Recorder flow ({@code @puppeteer/replay}): a list of alternatives, each a list of parts where each
 * part is looked for inside the shadow root of the previous one; a part is CSS or has a prefix ({@code aria/Name[role="x"]},
 * {@code text/…}, {@code xpath/…}, {@code pierce/…}). Both ways: a step's selector and target into such a list, and
 * back.
 */
final class RecorderSelectors {
  /** The roles the observer gives controls, which a target may name: a role outside it could never match on replay. */
  static final Set<String> CONTROL_ROLES = Set.of("button", "link", "checkbox", "radio", "switch", "tab", "menuitem",
      "menuitemcheckbox", "menuitemradio", "option", "textbox", "searchbox", "combobox", "listbox", "slider",
      "spinbutton", "treeitem", "heading");
  private static final Pattern ROLE = Pattern.compile("\\[\\s*role\\s*=\\s*([\"'])(.*?)\\1\\s*]");
  private static final Pattern FRAME = Pattern.compile("(^|[\\s>+~(,])i?frame\\b.*", Pattern.CASE_INSENSITIVE);

  /** A flow's selector list for a step, or why there is none. */
  record Out(List<List<String>> selectors, String problem) {}

  /** {@code aria/Name[role="role"]}, Puppeteer's accessibility-tree selector. */
  static String aria(String name, String role) {
    return "aria/" + name + (blank(role) ? "" : "[role=\"" + role + "\"]");
  }

  static Out of(Selector sel, Target target) {
    if (sel == null) return new Out(null, "it has no selector");
    for (String e : sel.enter()) {
      // A flow enters frames by their index among the page's frames (step.frame), which a selector cannot tell.
      if (FRAME.matcher(e.strip()).matches()) return new Out(null, "its element is inside the frame " + e);
    }
    List<List<String>> out = new ArrayList<>();
    boolean positions = sel.index() != null || !sel.indexes().isEmpty() || sel.all();
    if (target != null && !blank(target.role()) && !blank(target.name()) && blank(target.context()) && !sel.all()
        && sel.indexes().isEmpty()) {
      out.add(List.of(aria(target.name(), target.role())));
    } else if (target != null && !positions && sel.enter().isEmpty()) {
      String found = byItem(target);
      if (found != null) out.add(List.of(found));
    }
    if (!positions) {
      if (!blank(sel.css())) {
        List<String> chain = new ArrayList<>(sel.enter());
        chain.add(sel.css());
        out.add(List.copyOf(chain));
      } else if (!blank(sel.path()) && sel.enter().isEmpty()) {
        out.add(List.of("xpath/" + sel.path()));
      }
    }
    if (out.isEmpty()) {
      return new Out(null, positions ? "it acts on a position among its selector's matches, which a flow's selectors "
          + "cannot say" : "its selector has neither css nor path");
    }
    return new Out(out, null);
  }

  /**
   * A control its name does not tell apart, as an alternative a flow can race: by its item (the checkbox in the todo
   * "Walk the dog": the nearest row, list item or article above it holds those words) as XPath, or, for a clickable
   * the browser leaves unnamed, by the words it shows ({@code text/…}). XPath sees no shadow roots, so an element
   * inside one has only its selector. Null when the target says neither.
   */
  static String byItem(Target t) {
    String self = xpathSelf(t);
    if (!blank(t.context()) && self != null) {
      return "xpath///*[" + self + "][ancestor::*[" + ITEM_XPATH + "][1][contains(normalize-space(.), "
          + xpathString(PlaywrightParts.shown(t.context())) + ")]]";
    }
    if (blank(t.context()) && !blank(t.text()) && PlaywrightParts.ownWords(t)) return "text/" + PlaywrightParts.shown(t.text());
    return null;
  }

  /** The elements a role is implicit on, for a target that does not say its tag. */
  private static final java.util.Map<String, String> IMPLICIT = java.util.Map.of(
      "button", " or self::button or (self::input and (@type='button' or @type='submit' or @type='reset'))",
      "link", " or self::a[@href]", "checkbox", " or (self::input and @type='checkbox')",
      "radio", " or (self::input and @type='radio')", "option", " or self::option",
      "textbox", " or self::textarea or (self::input and (not(@type) or @type='text' or @type='email'))");

  /** The item containers the observer takes a control's context from (observer/index.js), as an XPath test. */
  private static final String ITEM_XPATH = "self::li or self::tr or self::article or @role='row' or @role='listitem' "
      + "or @role='article' or @role='option' or @role='treeitem'";

  /** An XPath test for the element itself: its tag (and input type) and its name, else its explicit role; null when the target has neither. */
  private static String xpathSelf(Target t) {
    String what;
    if (!blank(t.tag()) && t.tag().matches("[A-Za-z][A-Za-z0-9-]*")) {
      what = "self::" + t.tag().toLowerCase(java.util.Locale.ROOT)
          + (blank(t.type()) ? "" : t.type().equals("text") ? " and (not(@type) or @type='text')"
              : " and @type=" + xpathString(t.type()));
    } else if (!blank(t.role()) && CONTROL_ROLES.contains(t.role())) {
      what = "@role=" + xpathString(t.role()) + IMPLICIT.getOrDefault(t.role(), "");
    } else {
      return null;
    }
    if (blank(t.name())) return what;
    String name = xpathString(t.name());
    // the words the control shows, or the label that says them for it
    return "(" + what + ") and (normalize-space(.)=" + name + " or @aria-label=" + name + " or @value=" + name
        + " or @title=" + name + ")";
  }

  /** {@code s} as an XPath 1.0 string literal (which has no escapes: a text with both quotes is a concat()). */
  static String xpathString(String s) {
    if (!s.contains("'")) return "'" + s + "'";
    if (!s.contains("\"")) return "\"" + s + "\"";
    return "concat('" + s.replace("'", "', \"'\", '") + "')";
  }

  /** What a flow's selector list says of its element, in the workflow's terms. */
  record In(Selector selector, Target target, String text, String note) {}

  /** Reads the alternatives: the first CSS (or XPath, or pierce) for the selector, the first aria/ for the target. */
  static In read(List<List<String>> alternatives) {
    Selector css = null;
    Selector xpath = null;
    String pierce = null;
    String text = null;
    Target target = null;
    for (List<String> parts : alternatives) {
      if (parts.isEmpty()) continue;
      String first = parts.get(0);
      if (parts.size() == 1 && first.startsWith("aria/")) {
        if (target == null) target = ariaTarget(first.substring(5));
      } else if (parts.size() == 1 && first.startsWith("text/")) {
        if (text == null) text = first.substring(5);
      } else if (parts.size() == 1 && first.startsWith("xpath/")) {
        if (xpath == null) xpath = new Selector(null, first.substring(6), null, null, null, false);
      } else if (parts.size() == 1 && first.startsWith("pierce/")) {
        if (pierce == null) pierce = first.substring(7);
      } else if (css == null && parts.stream().noneMatch(RecorderSelectors::prefixed)) {
        css = new Selector(parts.get(parts.size() - 1), null, null, parts.subList(0, parts.size() - 1), null, false);
      }
    }
    if (css != null) return new In(css, target, text, null);
    if (xpath != null) return new In(xpath, target, text, null);
    if (pierce != null) {
      return new In(Selector.css(pierce), target, text, "pierce/" + pierce + " looks into every shadow root; the "
          + "workflow's CSS looks in the page only (the target, when there is one, is searched everywhere)");
    }
    return new In(null, target, text, null);
  }

  private static final Pattern SECRET = Pattern.compile(
      "(?i)(password|passwd|passphrase|passcode|secret|\\bpin\\b|one-time|\\botp\\b|type\\s*=\\s*[\"']?password)");

  /** Whether the element is a field for a secret, by its CSS, XPath or accessible name: what is typed there is one. */
  static boolean secret(In in) {
    return in.selector() != null && (matches(in.selector().css()) || matches(in.selector().path()))
        || in.target() != null && matches(in.target().name());
  }

  private static boolean matches(String s) {
    return s != null && SECRET.matcher(s).find();
  }

  private static boolean prefixed(String part) {
    return part.matches("^(aria|text|xpath|pierce)/.*");
  }

  /** {@code Name[role="button"]} as a target, when the role is one the observer gives a control; else null. */
  static Target ariaTarget(String body) {
    Matcher m = ROLE.matcher(body);
    String role = null;
    if (m.find()) role = m.group(2).strip();
    String name = ROLE.matcher(body).replaceAll("").strip();
    if (blank(role) || blank(name) || !CONTROL_ROLES.contains(role)) return null;
    return new Target(role, name, null, null, null, null, null);
  }
}
