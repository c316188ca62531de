package dev.waymark.webdriver;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * The verdict of a click or a key press from what the page saw ({@code page_effect}) and what the browser saw: the
 * same rules as the extension's {@code executor/effects.js} (decision 0021). A checkbox or radio click is ok when its
 * state changed, a link when the address or the document changed or a tab opened; every other click or key says
 * whether the page changed at all.
 */
record EffectVerdict(boolean ok, String effect, String error) {

  /** What the browser saw around the step. */
  record Seen(boolean committed, boolean sameDoc, boolean started, int newTabs, int dialogs, int downloads, String url) {}

  static String describe(JsonNode e, Seen seen) {
    List<String> parts = new ArrayList<>();
    String at = seen.url == null ? "" : seen.url;
    if (seen.committed || e.path("gone").asBoolean()) parts.add("a new page loaded" + (at.isEmpty() ? "" : " (" + at + ")"));
    else if (seen.sameDoc || e.path("url_changed").asBoolean()) parts.add("the address changed" + (at.isEmpty() ? "" : " to " + at));
    else if (seen.started || e.path("leaving").asBoolean()) parts.add("a navigation started");
    if (seen.newTabs > 0) parts.add(seen.newTabs == 1 ? "a new tab opened" : seen.newTabs + " new tabs opened");
    if (seen.dialogs > 0) parts.add(seen.dialogs == 1 ? "a dialog opened" : seen.dialogs + " dialogs opened");
    if (seen.downloads > 0) parts.add(seen.downloads == 1 ? "a download started" : seen.downloads + " downloads started");
    JsonNode t = e.path("toggle");
    if (t.isObject() && t.path("before").asBoolean() != t.path("after").asBoolean()) {
      parts.add("the " + t.path("type").asText() + " is now " + (t.path("after").asBoolean() ? "checked" : "unchecked"));
    }
    int mutations = e.path("mutations").asInt();
    if (mutations > 0) parts.add("the page changed (" + mutations + " DOM change" + (mutations == 1 ? "" : "s") + ")");
    if (e.hasNonNull("focus") && !e.path("focus").asText().isEmpty()) parts.add("focus moved to " + e.path("focus").asText());
    return parts.isEmpty() ? "no visible change" : String.join("; ", parts);
  }

  static EffectVerdict judge(String kind, JsonNode e, Seen seen) {
    String effect = describe(e, seen);
    boolean moved = seen.committed || seen.sameDoc || seen.started || e.path("url_changed").asBoolean()
        || e.path("gone").asBoolean() || e.path("leaving").asBoolean() || seen.newTabs > 0;
    JsonNode t = e.path("toggle");
    if ("click".equals(kind) && t.isObject() && !moved && t.path("before").asBoolean() == t.path("after").asBoolean()) {
      boolean after = t.path("after").asBoolean();
      String type = t.path("type").asText();
      // Clicking a checked radio leaves it checked: it is in the state a click on it asks for.
      if ("radio".equals(type) && after) return new EffectVerdict(true, "the radio was already checked", null);
      return new EffectVerdict(false, effect, "the click did not change the " + type + " (it is still "
          + (after ? "checked" : "unchecked") + "): the page ignored or cancelled it");
    }
    if ("click".equals(kind) && e.path("link").asBoolean() && !moved && e.path("mutations").asInt() == 0
        && seen.dialogs == 0 && seen.downloads == 0) {
      return new EffectVerdict(false, effect,
          "the link did nothing: the address did not change, no page or tab opened and the page did not change");
    }
    return new EffectVerdict(true, effect, null);
  }
}
