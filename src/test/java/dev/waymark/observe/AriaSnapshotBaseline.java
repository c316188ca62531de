package dev.waymark.observe;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * Baseline for the benchmark: renders Chromium's own accessibility tree (CDP {@code Accessibility.getFullAXTree})
 * the way a Playwright-MCP ARIA snapshot reads, one YAML line per role with {@code [ref=eN]} on every element:
 *
 * <pre>
 * - navigation "Primary" [ref=e3]:
 *   - link "Mugs" [ref=e4]
 * - heading "All mugs" [level=1] [ref=e5]
 * - paragraph [ref=e6]: Ships in 2 days
 * </pre>
 *
 * It errs small rather than large: unnamed generic wrappers are flattened away and links carry no
 * {@code /url:} line, both of which Playwright prints (list bullets and levels of list items are dropped as
 * Playwright drops them), so a ratio against it is conservative.
 */
final class AriaSnapshotBaseline {
  private static final Set<String> FLATTEN = Set.of("none", "generic", "InlineTextBox", "LineBreak", "RootWebArea",
      "presentation", "Ignored", "IframePresentational");

  private final Map<String, JsonNode> byId = new HashMap<>();
  private final StringBuilder out = new StringBuilder();
  private int refs;

  private AriaSnapshotBaseline(JsonNode nodes) {
    for (JsonNode n : nodes) byId.put(n.path("nodeId").asText(), n);
  }

  /** Renders the page currently open in the driver. */
  static String render(CdpChromium chromium) throws Exception {
    JsonNode tree = chromium.send("Accessibility.getFullAXTree", Map.of()).path("nodes");
    AriaSnapshotBaseline b = new AriaSnapshotBaseline(tree);
    JsonNode root = tree.get(0);
    b.node(root, 0);
    return b.out.toString();
  }

  private static String role(JsonNode n) {
    return n.path("role").path("value").asText("");
  }

  private static String name(JsonNode n) {
    return n.path("name").path("value").asText("").replaceAll("\\s+", " ").trim();
  }

  private void children(JsonNode n, int depth) {
    for (JsonNode id : n.path("childIds")) {
      JsonNode c = byId.get(id.asText());
      if (c != null) node(c, depth);
    }
  }

  private void node(JsonNode n, int depth) {
    String role = role(n);
    if ("ListMarker".equals(role)) return; // Playwright prints no list bullets
    if (n.path("ignored").asBoolean(false) || FLATTEN.contains(role) && name(n).isEmpty()) {
      children(n, depth);
      return;
    }
    String indent = "  ".repeat(depth);
    if (role.equals("StaticText")) {
      String t = name(n);
      if (!t.isEmpty()) out.append(indent).append("- text: ").append(t).append('\n');
      return;
    }
    StringBuilder line = new StringBuilder(indent).append("- ").append(role);
    String name = name(n);
    if (!name.isEmpty()) line.append(" \"").append(name).append('"');
    for (JsonNode p : n.path("properties")) {
      String pn = p.path("name").asText();
      String v = p.path("value").path("value").asText();
      switch (pn) {
        case "checked": if (!"false".equals(v)) line.append(" [checked").append("mixed".equals(v) ? "=mixed" : "").append(']'); break;
        case "disabled": if ("true".equals(v)) line.append(" [disabled]"); break;
        case "expanded": if ("true".equals(v)) line.append(" [expanded]"); break;
        case "level": if ("heading".equals(role)) line.append(" [level=").append(v).append(']'); break;
        default: break;
      }
    }
    line.append(" [ref=e").append(++refs).append(']');
    // text children that only repeat the name are left out; a nameless element with only text inlines it
    StringBuilder inline = new StringBuilder();
    boolean onlyText = true;
    int kids = 0;
    for (JsonNode id : n.path("childIds")) {
      JsonNode c = byId.get(id.asText());
      if (c == null) continue;
      kids++;
      if (!"StaticText".equals(role(c))) { onlyText = false; break; }
      inline.append(inline.length() > 0 ? " " : "").append(name(c));
    }
    if (kids == 0 || onlyText && inline.toString().trim().equals(name)) {
      out.append(line).append('\n');
    } else if (onlyText) {
      out.append(line).append(": ").append(inline.toString().trim()).append('\n');
    } else {
      out.append(line).append(":\n");
      children(n, depth + 1);
    }
  }
}
