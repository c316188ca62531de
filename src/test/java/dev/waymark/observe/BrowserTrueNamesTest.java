package dev.waymark.observe;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.testing.GalleryLibs;
import dev.waymark.testing.RealBrowser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 24, "names are the browser's": every node the observer writes has the role and name Chromium's own
 * accessibility tree gives its element, so Playwright's getByRole, Recorder's aria/ selectors and a screen reader
 * find it by what Waymark says. Every page under pages/observer/ and pages/gallery/, a few executor pages, and TodoMVC as several
 * frameworks write it (npm todomvc, with todos added through the app's own entry field).
 */
@RealBrowser
class BrowserTrueNamesTest {
  @RegisterExtension
  static ObserverBrowser browser = new ObserverBrowser();

  private static final Path PAGES = Path.of("src/test/resources/pages");
  private static final List<String> EXECUTOR_PAGES = List.of("basic.html", "frameworks.html", "react.html", "input-fields.html");
  /** TodoMVC implementations that run here offline (their scripts are all in the package). */
  private static final List<String> TODOMVC_APPS = List.of("react", "vanillajs", "backbone", "angularjs", "knockoutjs",
      "vue", "polymer", "emberjs", "mithril", "ractive", "canjs");
  private static final List<String> TODOS = List.of("Buy milk", "Walk the dog");
  private static final int NAME_CAP = 120;
  private static final String GROUP = "browser-true-names";

  /**
   * Chromium's DevTools role strings that are its own internal names, as the ARIA role each stands for
   * (the rest already are ARIA role names).
   */
  private static final Map<String, String> CHROME_ROLES = Map.of(
      "image", "img", // ARIA 1.3's synonym of img
      "LabelText", "generic", // a <label>: no ARIA role
      "DisclosureTriangle", "button", // a <summary>
      "Date", "textbox", // <input type=date>: html-aam gives it no role; Playwright's getByRole takes it as textbox
      "DateTime", "textbox", // <input type=datetime-local>, likewise
      "InputTime", "textbox"); // <input type=time>, likewise

  /** One node as Waymark and Chromium see it. */
  record Row(String page, String ref, String selector, String tag, String role, String name, String chromeRole,
      String chromeName, List<String> ignored, boolean editable) {
    @Override
    public String toString() {
      return String.format("%s %s %s <%s>: waymark %s \"%s\" / chrome %s \"%s\"%s", page, ref, selector, tag, role, name,
          chromeRole, chromeName, ignored.isEmpty() ? "" : " (ignored: " + String.join(", ", ignored) + ")");
    }
  }

  /** A difference Waymark keeps on purpose, and why. */
  record Deliberate(String why, Predicate<Row> applies) {}

  static final List<Deliberate> DELIBERATE = List.of(
      new Deliberate("a <label> that stands in for its display:none checkbox or radio is reported as that control",
          r -> r.tag().equals("label") && (r.role().equals("checkbox") || r.role().equals("radio"))),
      new Deliberate("a contenteditable element without a role is a textbox: it is typed into (Chrome: an editable generic)",
          r -> r.role().equals("textbox") && r.chromeRole().equals("generic") && r.editable() && r.ignored().isEmpty()
              && r.name().equals(r.chromeName())),
      new Deliberate("a control that inert or an open modal <dialog> takes out of Chrome's tree stays, disabled or obscured",
          r -> r.ignored().stream().anyMatch(why -> why.startsWith("inert") || why.equals("activeModalDialog"))),
      new Deliberate("a clickable without semantics that Chrome prunes (a bare <span> with a handler) stays, generic and unnamed",
          r -> r.ignored().equals(List.of("uninteresting")) && r.role().equals("generic") && r.name().isEmpty()));

  static Stream<String> pages() throws Exception {
    List<String> all = new ArrayList<>();
    try (Stream<Path> files = Files.list(PAGES.resolve("observer"))) {
      files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".html")).sorted().forEach(n -> all.add("observer/" + n));
    }
    for (String p : EXECUTOR_PAGES) all.add("executor/" + p);
    // the widget gallery: pages built on the real libraries (a page that needs them is skipped without them)
    try (Stream<Path> files = Files.list(PAGES.resolve("gallery"))) {
      files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".html")).sorted().forEach(n -> all.add("gallery/" + n));
    }
    for (String app : TODOMVC_APPS) all.add("todomvc/" + app);
    return all.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("pages")
  void everyObservedRoleAndNameIsTheOneChromiumComputes(String page) throws Exception {
    CdpChromium chromium = browser.chromium();
    if (page.startsWith("todomvc/")) openTodoMvc(page.substring("todomvc/".length()));
    else {
      if (page.startsWith("gallery/")) Assumptions.assumeTrue(GalleryLibs.installed(), "the gallery packages are not installed");
      chromium.open(browser.pages().url(page));
      // A widget library's autoloader defines its elements after load: Chromium names an undefined element generic,
      // so both sides are read once every custom element on the page is defined.
      long until = System.nanoTime() + java.time.Duration.ofSeconds(15).toNanos();
      while (!chromium.eval("document.querySelectorAll(':not(:defined)').length === 0").asBoolean()
          && System.nanoTime() < until) {
        Thread.sleep(50);
      }
    }
    List<Row> rows = compare(page);
    if (rows.isEmpty()) {
      Thread.sleep(1000); // a page that fills itself in after load (late.html): observe once it has
      rows = compare(page);
    }
    assertThat(rows).as("observed nodes on %s", page).isNotEmpty();
    List<Row> mismatches = rows.stream().filter(r -> !agrees(r)).toList();
    assertThat(mismatches).as("nodes whose role or name is not Chromium's on %s:%n%s", page,
        String.join("\n", mismatches.stream().map(Row::toString).toList())).isEmpty();
  }

  private static boolean agrees(Row r) {
    if (DELIBERATE.stream().anyMatch(d -> d.applies().test(r))) return true;
    return r.ignored().isEmpty() && r.role().equals(r.chromeRole()) && r.name().equals(r.chromeName());
  }

  /** Observes the page and asks Chromium's accessibility tree about the element behind every node. */
  private static List<Row> compare(String page) throws Exception {
    CdpChromium chromium = browser.chromium();
    chromium.send("DOM.enable", Map.of());
    chromium.send("Accessibility.enable", Map.of());
    JsonNode nodes = chromium.evalJson("""
        (() => {
          const o = globalThis.__waymark.observePage({});
          globalThis.__namesTest = o._elements;
          return JSON.stringify(o.nodes);
        })()
        """);
    List<Row> rows = new ArrayList<>();
    try {
      for (int i = 0; i < nodes.size(); i++) {
        JsonNode n = nodes.get(i);
        String objectId = chromium.evalRemote("globalThis.__namesTest[" + i + "]", GROUP).path("objectId").asText();
        JsonNode ax = chromium.send("Accessibility.getPartialAXTree", Map.of("objectId", objectId, "fetchRelatives", false))
            .path("nodes").get(0);
        String chromeRole = ax.path("role").path("value").asText();
        chromeRole = CHROME_ROLES.getOrDefault(chromeRole, chromeRole);
        String chromeName = capped(ax.path("name").path("value").asText());
        List<String> ignored = new ArrayList<>();
        if (ax.path("ignored").asBoolean()) {
          for (JsonNode why : ax.path("ignoredReasons")) ignored.add(why.path("name").asText());
          if (ignored.isEmpty()) ignored.add("ignored");
        }
        boolean editable = false;
        for (JsonNode p : ax.path("properties")) if (p.path("name").asText().equals("editable")) editable = true;
        rows.add(new Row(page, n.path("ref").asText(), n.path("selector").asText(), n.path("tag").asText(),
            n.path("role").asText(), n.path("name").asText(""), chromeRole, chromeName, List.copyOf(ignored), editable));
      }
    } finally {
      chromium.send("Runtime.releaseObjectGroup", Map.of("objectGroup", GROUP));
      chromium.eval("delete globalThis.__namesTest, true");
    }
    return rows;
  }

  /** Chromium's name as Waymark writes names: whitespace collapsed, zero-width marks dropped, cut at the cap. */
  static String capped(String name) {
    String t = name.replaceAll("[\\u200b-\\u200d\\u2060\\ufeff]", "").replaceAll("\\s+", " ").trim();
    return t.length() > NAME_CAP ? t.substring(0, NAME_CAP - 1) + "…" : t;
  }

  /** Opens a TodoMVC implementation with an empty store and adds the todos through its own entry field. */
  private static void openTodoMvc(String app) throws Exception {
    Assumptions.assumeTrue(GalleryLibs.installed(), "the gallery packages (npm todomvc) are not installed");
    CdpChromium chromium = browser.chromium();
    String url = browser.pages().url("lib/todomvc/examples/" + app + "/index.html");
    chromium.open(url);
    chromium.eval("localStorage.clear(), true");
    chromium.open(url);
    String field = "document.querySelector('.new-todo, #new-todo')";
    long until = System.currentTimeMillis() + 8000;
    while (!chromium.eval("!!" + field).asBoolean()) {
      if (System.currentTimeMillis() > until) throw new AssertionError(app + " drew no new-todo field");
      Thread.sleep(100); // polling the app's first render: nothing on the page to wait on from here
    }
    for (String todo : TODOS) {
      chromium.eval(field + ".focus(), true");
      chromium.send("Input.insertText", Map.of("text", todo));
      chromium.send("Input.dispatchKeyEvent", Map.of("type", "keyDown", "key", "Enter", "code", "Enter",
          "windowsVirtualKeyCode", 13, "nativeVirtualKeyCode", 13, "text", "\r"));
      chromium.send("Input.dispatchKeyEvent", Map.of("type", "keyUp", "key", "Enter", "code", "Enter",
          "windowsVirtualKeyCode", 13, "nativeVirtualKeyCode", 13));
    }
    until = System.currentTimeMillis() + 4000;
    String count = "Array.from(document.querySelectorAll('li')).filter(li => /Buy milk|Walk the dog/.test(li.innerText || '')).length";
    while (chromium.eval(count).asInt() < TODOS.size()) {
      if (System.currentTimeMillis() > until) throw new AssertionError(app + " did not list the todos typed into it");
      Thread.sleep(100); // frameworks render the new item on their next tick
    }
    Thread.sleep(200); // and polymer/ember draw the footer a little later
  }
}
