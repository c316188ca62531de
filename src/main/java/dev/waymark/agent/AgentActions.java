package dev.waymark.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.workflow.Json;
import dev.waymark.workflow.Tokens;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns one {@code task_respond} action (the shape of task-respond.md: a {@code kind} and its arguments) into the
 * decision JSON the session's turn reads, so an agent's action goes exactly where a model's or a person's goes. Pure:
 * it checks the action's shape and names what is wrong; refs, tabs and capabilities are checked by the turn.
 */
public final class AgentActions {
  /** The kinds an agent may send, in the order the tool's description lists them. */
  public static final List<String> KINDS = List.of("click", "type", "select", "press", "navigate", "scroll", "wait",
      "extract", "extract_list", "upload", "switch_tab", "close_tab", "adopt_tab", "set_viewport", "user_step", "handoff",
      "resolve", "done", "blocked");

  /** The user_step methods the step vocabulary knows (decision schema, {@code method}). */
  public static final List<String> METHODS = List.of("password", "code", "passkey", "qr_code", "security_key",
      "device_approval", "captcha", "payment");

  private static final Set<String> COMMON = Set.of("kind", "label", "reasoning");
  private static final Map<String, Set<String>> FIELDS = Map.ofEntries(
      Map.entry("click", Set.of("ref", "acceptDialog", "allowDownload")),
      Map.entry("type", Set.of("ref", "text", "acceptDialog")),
      Map.entry("select", Set.of("ref", "value", "acceptDialog")),
      Map.entry("press", Set.of("key", "ref", "acceptDialog", "allowDownload")),
      Map.entry("navigate", Set.of("url")),
      Map.entry("scroll", Set.of("ref", "direction")),
      Map.entry("wait", Set.of("text", "gone", "timeout_ms", "acceptDialog")),
      Map.entry("extract", Set.of("ref", "attribute", "store")),
      Map.entry("extract_list", Set.of("ref", "limit", "store")),
      Map.entry("upload", Set.of("ref", "file")),
      Map.entry("switch_tab", Set.of("tabId")),
      Map.entry("close_tab", Set.of("tabId")),
      Map.entry("adopt_tab", Set.of("tabId")),
      Map.entry("set_viewport", Set.of("width", "height")),
      Map.entry("user_step", Set.of("reason", "method", "until_text", "until_url_includes", "timeout_ms")),
      Map.entry("handoff", Set.of("summary")),
      Map.entry("resolve", Set.of("happened")),
      Map.entry("done", Set.of("summary")),
      Map.entry("blocked", Set.of("reason")));

  private AgentActions() {}

  /** A task_respond action that cannot be read; the message says what to send instead. */
  public static final class BadAction extends IllegalArgumentException {
    public BadAction(String message) {
      super(message);
    }
  }

  /** The decision JSON for {@code action}; throws {@link BadAction} naming the field that is missing or wrong. */
  public static String toDecision(JsonNode action) {
    if (action == null || !action.isObject()) {
      throw new BadAction("action must be an object with a kind, e.g. {\"kind\": \"click\", \"ref\": \"e7\"}");
    }
    String kind = text(action, "kind");
    if (kind == null) throw new BadAction("action.kind is missing; it is one of " + String.join(", ", KINDS));
    Set<String> allowed = FIELDS.get(kind);
    if (allowed == null) throw new BadAction("action.kind \"" + kind + "\" is not known; use one of " + String.join(", ", KINDS));
    for (Iterator<String> it = action.fieldNames(); it.hasNext(); ) {
      String f = it.next();
      if (!allowed.contains(f) && !COMMON.contains(f)) {
        throw new BadAction("action.kind " + kind + " takes no field \"" + f + "\"; it takes "
            + String.join(", ", allowed.stream().sorted().toList()));
      }
    }
    ObjectNode d = Json.mapper().createObjectNode();
    d.put("reasoning", orEmpty(text(action, "reasoning")));
    switch (kind) {
      case "done" -> {
        d.put("done", true);
        if (text(action, "summary") != null) d.put("reasoning", text(action, "summary"));
        return Json.write(d);
      }
      case "blocked" -> {
        d.put("done", false);
        d.put("blocked", required(action, kind, "reason", "why the goal cannot be reached from here"));
        return Json.write(d);
      }
      case "handoff" -> {
        d.put("done", false);
        d.put("handoff", required(action, kind, "summary", "what the person should do now"));
        return Json.write(d);
      }
      case "resolve" -> {
        JsonNode h = action.get("happened");
        if (h == null || !h.isBoolean()) {
          throw new BadAction("action.kind resolve needs happened: true (the uncertain step took effect) or false (it did not)");
        }
        d.put("resolve", h.asBoolean() ? "happened" : "did_not_happen");
        return Json.write(d);
      }
      default -> {
        d.put("done", false);
        d.set("step", step(kind, action));
        return Json.write(d);
      }
    }
  }

  private static ObjectNode step(String kind, JsonNode a) {
    ObjectNode s = Json.mapper().createObjectNode();
    if (text(a, "label") != null) s.put("label", text(a, "label"));
    switch (kind) {
      case "click" -> s.put("type", "click").put("ref", ref(a, kind));
      case "type" -> {
        s.put("type", "fill").put("ref", ref(a, kind));
        JsonNode t = a.get("text");
        if (t == null || !t.isTextual()) {
          throw new BadAction("action.kind type needs text: the text to type, or a variable's token such as {{ email }} "
              + "(its value is typed into the page and never shown to you)");
        }
        s.put("value", t.asText());
      }
      case "select" -> s.put("type", "select").put("ref", ref(a, kind))
          .put("value", required(a, kind, "value", "the option's value or visible text"));
      case "press" -> {
        s.put("type", "press").put("value", required(a, kind, "key", "the key or chord, e.g. Enter or Control+A"));
        if (text(a, "ref") != null) s.put("ref", text(a, "ref"));
      }
      case "navigate" -> s.put("type", "navigate").put("url", required(a, kind, "url", "an absolute URL, or back, forward, reload"));
      case "scroll" -> {
        s.put("type", "scroll");
        if (text(a, "ref") != null) s.put("ref", text(a, "ref"));
        String dir = text(a, "direction");
        if (dir != null) s.put("value", dir);
        else if (text(a, "ref") == null) s.put("value", "down");
      }
      case "wait" -> {
        s.put("type", "wait");
        ObjectNode w = s.putObject("wait");
        String t = required(a, kind, "text", "the text to wait for");
        w.put("text", t);
        if (a.path("gone").asBoolean(false)) w.put("absent", true);
        if (a.hasNonNull("timeout_ms")) w.put("timeout_ms", positive(a, kind, "timeout_ms"));
      }
      case "extract" -> {
        s.put("type", "extract").put("ref", ref(a, kind));
        if (text(a, "attribute") != null) s.put("attribute", text(a, "attribute"));
        if (text(a, "store") != null) s.put("store", text(a, "store"));
      }
      case "extract_list" -> {
        s.put("type", "extractList").put("ref", ref(a, kind));
        if (a.hasNonNull("limit")) s.put("limit", positive(a, kind, "limit"));
        if (text(a, "store") != null) s.put("store", text(a, "store"));
      }
      case "upload" -> {
        String file = required(a, kind, "file", "the name of the file variable whose path the person set");
        String name = file.replaceAll("^\\{\\{\\s*|\\s*}}$", "").strip();
        if (!Tokens.isName(name)) throw new BadAction("action.file must name a file variable, e.g. resume_pdf");
        s.put("type", "upload").put("ref", ref(a, kind)).put("value", "{{ " + name + " }}");
      }
      case "switch_tab", "close_tab", "adopt_tab" -> {
        JsonNode id = a.get("tabId");
        if (id == null || id.isNull() || id.isContainerNode() || id.asText().isBlank()) {
          throw new BadAction("action.kind " + kind + " needs tabId, one of the ids task_state lists under tabs");
        }
        s.put("type", switch (kind) { case "switch_tab" -> "switchTab"; case "close_tab" -> "closeTab"; default -> "adoptTab"; })
            .put("value", id.asText());
      }
      case "set_viewport" -> s.put("type", "setViewport")
          .put("value", positive(a, kind, "width") + "x" + positive(a, kind, "height"));
      case "user_step" -> {
        s.put("type", "userStep").put("prompt", required(a, kind, "reason", "what the person should do on the page"));
        String method = text(a, "method");
        if (method != null) {
          if (!METHODS.contains(method)) {
            throw new BadAction("action.method \"" + method + "\" is not known; use one of " + String.join(", ", METHODS));
          }
          s.put("method", method);
        }
        ObjectNode on = Json.mapper().createObjectNode();
        if (text(a, "until_text") != null) on.put("text", text(a, "until_text"));
        if (text(a, "until_url_includes") != null) on.put("url_includes", text(a, "until_url_includes"));
        if (a.hasNonNull("timeout_ms")) on.put("timeout_ms", positive(a, kind, "timeout_ms"));
        if (!on.isEmpty()) s.set("continue_on", on);
      }
      default -> throw new BadAction("action.kind " + kind + " is not a step");
    }
    if (a.path("acceptDialog").asBoolean(false)) s.put("accept_dialog", true);
    if (a.path("allowDownload").asBoolean(false)) s.put("allow_download", true);
    return s;
  }

  private static String ref(JsonNode a, String kind) {
    return required(a, kind, "ref", "the ref of an element in the current observation, e.g. e7");
  }

  private static String required(JsonNode a, String kind, String field, String what) {
    String v = text(a, field);
    if (v == null || v.isBlank()) throw new BadAction("action.kind " + kind + " needs " + field + ": " + what);
    return v;
  }

  private static int positive(JsonNode a, String kind, String field) {
    JsonNode n = a.get(field);
    if (n == null || !n.canConvertToInt() || n.asInt() <= 0 || !n.isIntegralNumber()) {
      throw new BadAction("action.kind " + kind + " needs " + field + " as a whole number above 0");
    }
    return n.asInt();
  }

  private static String text(JsonNode a, String field) {
    JsonNode n = a.get(field);
    return n == null || n.isNull() || n.isContainerNode() ? null : n.asText();
  }

  private static String orEmpty(String s) {
    return s == null ? "" : s;
  }
}
