package dev.waymark.observe;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The compact text form of a {@link PageObservation}, the form a model reads. Pure: no I/O.
 *
 * <p>Everything the model acts on is a ref ({@code e7} for a control, {@code l1} for a list), so selectors,
 * paths, enter chains and tags stay out: the engine resolves refs through the observation. What is true of a
 * whole stretch of the page is said once: the section as a header line over its controls, "offscreen" as a
 * marker where the page leaves the viewport, the modal once with the controls on it grouped under it, the role
 * once for a run of plain controls of that role (one line: {@code e2 link "Mugs", e3 "Cups"}, every ref after
 * the first sharing the first one's role). A list
 * shows its item count, fields (name, the attribute read when not the text, a sample) and pagination, never its
 * rows or selectors: {@code extractList} takes the list's ref and the engine brings the fields' selectors. A link
 * to another host says where it leads ({@code → blog.example}), and so does a link without a name, by its path
 * ({@code → /settings.html}); an address on the page's own host is shown from its path. Nothing is said twice:
 * the outline leaves out the headings that already head a section line (or the modal), and a control's item
 * text ({@code in "…"}) is left out where it only repeats the section it sits in. A control the browser gives no
 * name shows the text a person sees on it instead ({@code e9 clickable text="Open settings"}). A long option list
 * is said once: a later control with the same options names the first ({@code e62 combobox "Qty" ="1" opts as e61}).
 *
 * <pre>
 * page "Mug Shop" http://shop.test/ · 70 controls · 1 list
 * headings: # All mugs · ### Mug 1 · ### Mug 2 … (+18 h3) · ## Sign in
 * ## navigation "Primary"
 * e2 link "Mugs", e3 "Cups", e4 "About"
 * ## region "Products"
 * e7 link "Mug 1"
 * e8 button "Add to cart" in "Mug 1 $11.00" positional
 * -- offscreen below --
 * e51 textbox:email "Email" ="ann@example.com"
 * e56 combobox "Country" ="fr" opts=de|fr|it
 * e60 link "Our blog" → blog.example
 * lists:
 * l1 ×20 in region "Products"
 *   price "$11.00" · image@src "/img/mug1.png"
 *   next: numbered 3 pages "Next" e50 → ?page=2
 * </pre>
 */
public final class CompactObservation {
  private static final int HEADING_RUN = 3; // headings of one level in a row shown before the rest are counted
  private static final int GROUP_MAX = 12; // plain controls sharing one line
  private static final int HEADINGS_MAX = 30; // headings shown in the outline; the rest are counted
  private static final int LINK_PATH_MAX = 60; // the path shown for a link without a name
  private static final int OPTIONS_SAID_ONCE = 12; // characters of an option list from which a repeat names the first holder

  private CompactObservation() {}

  /** Renders the observation as compact text; an absent observation renders as an empty string. */
  public static String render(PageObservation o) {
    if (o == null) return "";
    StringBuilder b = new StringBuilder(256 + o.nodes().size() * 40);
    b.append("page ").append(q(o.title())).append(' ').append(nz(o.url()));
    b.append(" · ").append(o.nodes().size()).append(o.nodes().size() == 1 ? " control" : " controls");
    if (!o.lists().isEmpty()) b.append(" · ").append(o.lists().size()).append(o.lists().size() == 1 ? " list" : " lists");
    b.append('\n');
    CompactTabs.append(b, o);
    b.append(statusLines(o));
    b.append(lateLines(o));
    if (o.modal() != null) {
      b.append("modal: ").append(q(o.modal()));
      if (o.modalFrame()) b.append(" in a cross-origin frame: nothing in it has a ref; get past it another way");
      else b.append(": deal with it first; only the controls under it are reachable, the rest is covered");
      b.append('\n');
    }
    String host = host(o.url());
    List<ObservedNode> front = new ArrayList<>();
    List<ObservedNode> behind = new ArrayList<>();
    for (ObservedNode n : o.nodes()) {
      if (o.modal() != null && n.obscured()) behind.add(n);
      else front.add(n);
    }
    // a heading that heads a section line (or names the modal) is said there; the outline keeps the others
    java.util.Set<String> said = new java.util.HashSet<>();
    for (ObservedNode n : o.modal() != null ? behind : front) if (n.section() != null) said.add(n.section());
    if (o.modal() != null) said.add(o.modal());
    List<ObservedHeading> outline = new ArrayList<>();
    for (ObservedHeading h : o.headings()) if (h.text() == null || !said.contains(h.text())) outline.add(h);
    renderHeadings(b, outline);

    if (o.modal() != null) {
      if (!front.isEmpty()) {
        b.append("## modal ").append(q(o.modal())).append('\n');
        renderNodes(b, front, false, false, host);
      }
      if (!behind.isEmpty()) {
        b.append("## covered by the modal\n");
        renderNodes(b, behind, true, false, host);
      }
    } else {
      renderNodes(b, front, true, true, host);
    }

    if (!o.lists().isEmpty()) {
      b.append("lists:\n");
      for (ObservedList l : o.lists()) CompactLists.render(b, l, o);
    }
    if (o.text() != null && !o.text().isEmpty()) {
      b.append("text:\n").append(o.text());
      if (!o.text().endsWith("\n")) b.append('\n');
    }
    return b.toString();
  }

  /**
   * How a late effect names its step: by the session's turn when it is known (a model reads its trail by turns, not
   * by the workflow's step ids), else by the step id.
   */
  public static String lateStep(Integer turn, String stepId) {
    if (turn != null) return "the step at turn " + turn;
    return "the click " + (stepId == null ? "before" : stepId);
  }

  /** One line per click before this reading that changed the page after its verdict said it did not. */
  static String lateLines(PageObservation o) {
    StringBuilder b = new StringBuilder();
    for (PageObservation.LateEffect l : o.lateEffects()) {
      b.append("late effect: ").append(lateStep(l.turn(), l.stepId()))
          .append(" saw no change by its verdict, then ").append(l.effect() == null ? "the page changed" : l.effect())
          .append(' ').append(l.afterMs()).append(" ms after it\n");
    }
    return b.toString();
  }

  /** The lines that say how whole the reading is (partial, frames) and where a multi-step form stands. */
  static String statusLines(PageObservation o) {
    StringBuilder b = new StringBuilder();
    if (o.truncated() || o.omitted() > 0) {
      b.append("partial:");
      if (o.truncated()) b.append(" caps clipped the page;");
      if (o.omitted() > 0) b.append(' ').append(o.omitted()).append(" controls left out (caps and repeats)");
      b.append('\n');
    }
    if (o.frames() > 0) b.append("frames: ").append(o.frames()).append(" cross-origin, contents not listed\n");
    if (o.formStep() != null) b.append("form at ").append(o.formStep()).append('\n');
    return b.toString();
  }

  /** The headings line of the outline, or an empty string. */
  static String headingsLine(List<ObservedHeading> headings) {
    StringBuilder b = new StringBuilder();
    renderHeadings(b, headings);
    return b.toString();
  }

  /**
   * One control on a line of its own with everything the page form says of it, under its section: {@code e8 button
   * "Add to cart" in "Mug 1 $11.00" positional}. Where it sits (offscreen, covered) is the caller's to say.
   */
  static String nodeLine(ObservedNode n, PageObservation o) {
    StringBuilder b = new StringBuilder();
    b.append(n.ref()).append(' ').append(roleLabel(n));
    appendName(b, n);
    appendDetails(b, n, o.modal() != null, host(o.url()), n.section(), null);
    return b.toString();
  }

  /** A list's lines: its ref and count, its fields, its pagination. */
  static String listBlock(ObservedList l, PageObservation o) {
    StringBuilder b = new StringBuilder();
    CompactLists.render(b, l, o);
    return b.toString();
  }

  private static void renderHeadings(StringBuilder b, List<ObservedHeading> headings) {
    if (headings.isEmpty()) return;
    b.append("headings:");
    int i = 0;
    int shown = 0;
    boolean first = true;
    while (i < headings.size()) {
      if (shown >= HEADINGS_MAX) {
        b.append(" … (+").append(headings.size() - i).append(" more)");
        break;
      }
      int level = headings.get(i).level();
      int j = i;
      while (j < headings.size() && headings.get(j).level() == level) j++;
      // a run of same-level headings is usually the titles of cards in a list: show a few, count the rest
      int show = Math.min(j - i, HEADING_RUN);
      for (int k = i; k < i + show; k++) {
        b.append(first ? " " : " · ").append("#".repeat(Math.max(1, Math.min(6, level)))).append(' ').append(nz(headings.get(k).text()));
        first = false;
        shown++;
      }
      if (j - i > show) b.append(" … (+").append(j - i - show).append(" h").append(level).append(')');
      i = j;
    }
    b.append('\n');
  }

  private static void renderNodes(StringBuilder b, List<ObservedNode> nodes, boolean sections, boolean obscuredFlag, String host) {
    String section = null;
    boolean offscreen = false;
    boolean firstNode = true;
    String groupRole = null; // role of the line being continued with more plain nodes, or null
    int groupSize = 0;
    // an option list said once: a later control with the same long list names the first one that showed it
    java.util.Map<List<String>, String> optionsShown = new java.util.HashMap<>();
    for (ObservedNode n : nodes) {
      boolean newSection = sections && (firstNode || !Objects.equals(section, n.section()));
      if (newSection || n.offscreen() != offscreen) {
        if (groupRole != null) b.append('\n');
        groupRole = null;
      }
      if (newSection) {
        if (n.section() != null) b.append("## ").append(n.section()).append('\n');
        else if (!firstNode) b.append("## (no section)\n");
        section = n.section();
      }
      if (n.offscreen() != offscreen) {
        b.append(n.offscreen() ? "-- offscreen below --\n" : "-- on screen --\n");
        offscreen = n.offscreen();
      }
      firstNode = false;
      String role = roleLabel(n);
      boolean plain = plain(n, obscuredFlag, host, section);
      if (plain && role.equals(groupRole) && groupSize < GROUP_MAX) {
        // consecutive plain controls of one role share a line: the role is said once
        b.append(", ");
        appendRefAndName(b, n);
        groupSize++;
        continue;
      }
      if (groupRole != null) b.append('\n');
      b.append(n.ref()).append(' ').append(role);
      appendName(b, n);
      if (plain) {
        groupRole = role;
        groupSize = 1;
      } else {
        String sameOptions = null;
        if (String.join("|", n.options()).length() >= OPTIONS_SAID_ONCE) {
          sameOptions = optionsShown.putIfAbsent(n.options(), n.ref());
        }
        appendDetails(b, n, obscuredFlag, host, section, sameOptions);
        b.append('\n');
        groupRole = null;
      }
    }
    if (groupRole != null) b.append('\n');
  }

  /** A node with nothing to say beyond its ref, role and name. */
  private static boolean plain(ObservedNode n, boolean obscuredFlag, String host, String section) {
    return linkHint(n, host) == null && !n.disabled() && !Boolean.TRUE.equals(n.checked()) && n.expanded() == null && !(obscuredFlag && n.obscured())
        && n.value() == null && (n.placeholder() == null || n.placeholder().equals(n.name())) && n.options().isEmpty()
        && context(n, section) == null && n.similar() == 0 && !n.positional() && n.widget() == null;
  }

  private static void appendRefAndName(StringBuilder b, ObservedNode n) {
    b.append(n.ref());
    appendName(b, n);
  }

  /** The name in quotes; a control the browser leaves unnamed says the text it shows instead ({@code text="…"}). */
  private static void appendName(StringBuilder b, ObservedNode n) {
    if (n.name() != null && !n.name().isEmpty()) b.append(' ').append(q(n.name()));
    else if (n.text() != null && !n.text().isEmpty()) b.append(" text=").append(q(n.text()));
  }

  /** The node's item text, unless it only repeats the section line it sits under. */
  private static String context(ObservedNode n, String section) {
    return n.context() != null && n.context().equals(section) ? null : n.context();
  }

  /** {@code sameOptionsAs}: the ref of an earlier control whose option list this one's equals, or null. */
  private static void appendDetails(StringBuilder b, ObservedNode n, boolean obscuredFlag, String host, String section,
      String sameOptionsAs) {
    // what the widget is comes first: how a person uses the node, before its state
    if (n.widget() != null) b.append(" [").append(n.widget().describe()).append(']');
    if (n.disabled()) b.append(" disabled");
    // a checkbox or radio says "checked" when it is; its role already says it could be
    if (Boolean.TRUE.equals(n.checked())) b.append(" checked");
    if (n.expanded() != null) b.append(n.expanded() ? " expanded" : " collapsed");
    if (obscuredFlag && n.obscured()) b.append(" covered");
    if (n.value() != null) b.append(" =").append(q(n.value()));
    if (n.placeholder() != null && !n.placeholder().equals(n.name())) b.append(" ph=").append(q(n.placeholder()));
    if (sameOptionsAs != null) b.append(" opts as ").append(sameOptionsAs);
    else if (!n.options().isEmpty()) b.append(" opts=").append(String.join("|", n.options()));
    String context = context(n, section);
    if (context != null) b.append(" in ").append(q(context));
    if (n.similar() > 0) b.append(" +").append(n.similar()).append(" similar");
    // only its place among its siblings tells this one apart: a replay checks its name and item text
    if (n.positional()) b.append(" positional");
    String leads = linkHint(n, host);
    if (leads != null) b.append(" → ").append(leads);
  }

  /**
   * Where a link leads, when that says something: the host of a link to another site, or the path of a link
   * with no name (an icon: the address is all a reader can tell it by).
   */
  private static String linkHint(ObservedNode n, String pageHost) {
    String away = otherHost(n.href(), pageHost);
    if (away != null || n.href() == null || (n.name() != null && !n.name().isBlank())) return away;
    try {
      java.net.URI u = java.net.URI.create(n.href());
      String path = (u.getRawPath() == null ? "" : u.getRawPath()) + (u.getRawQuery() == null ? "" : "?" + u.getRawQuery());
      return path.isEmpty() ? null : path.length() > LINK_PATH_MAX ? path.substring(0, LINK_PATH_MAX) + "…" : path;
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /** The host a link leads to when it is not the page's own (a link to the page's host says nothing new). */
  private static String otherHost(String href, String pageHost) {
    if (href == null) return null;
    String h = host(href);
    if (h == null) {
      int colon = href.indexOf(':');
      return colon > 0 ? href.substring(0, colon + 1) : null; // mailto:, tel:
    }
    return h.equals(pageHost) ? null : h;
  }

  static String host(String url) {
    if (url == null) return null;
    try {
      return java.net.URI.create(url).getHost();
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /** The role, with the input type where it says more than the role does. */
  private static String roleLabel(ObservedNode n) {
    String role = n.role() == null ? "generic" : n.role();
    if ("generic".equals(role)) role = "clickable";
    String type = n.type();
    if (type != null && "input".equals(n.tag()) && !type.equals("text") && !type.equals(n.role())
        && !(type.equals("search") && "searchbox".equals(role)) && !type.equals("submit") && !type.equals("button")) {
      return role + ":" + type;
    }
    return role;
  }

  static String q(String s) {
    if (s == null) return "\"\"";
    return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", " ") + '"';
  }

  static String nz(String s) {
    return s == null ? "" : s;
  }

  /**
   * Estimates how many tokens a model's tokenizer makes of this text, without the tokenizer. Closer than
   * chars/4 on the markup-heavy text observations are: it follows how BPE tokenizers of the cl100k/o200k
   * family split text. A run of letters is about one token per four letters (common words are one token); a
   * run of digits one per three (numbers are split in groups of three); punctuation one per two characters
   * (pairs like {@code ="} and {@code ">} are single tokens); a newline or a run of indentation one; a space
   * before a word nothing (it is part of the word's token); any other character (non-Latin scripts, symbols
   * such as {@code ×} or {@code →}) one each.
   */
  public static int estimateTokens(String text) {
    return TokenEstimate.of(text);
  }

  /** Sizes of one observation: JSON characters, compact characters and the compact form's estimated tokens. */
  public record Size(int nodes, int jsonChars, int compactChars, int compactTokens) {
    @Override
    public String toString() {
      return nodes + " nodes, JSON " + jsonChars + " chars, compact " + compactChars + " chars ≈ " + compactTokens + " tokens";
    }
  }

  /** Measures an observation given its JSON text (as the extension sent it) and its compact form. */
  public static Size size(PageObservation o, String json, String compact) {
    return new Size(o == null ? 0 : o.nodes().size(), json == null ? 0 : json.length(),
        compact == null ? 0 : compact.length(), estimateTokens(compact));
  }
}
