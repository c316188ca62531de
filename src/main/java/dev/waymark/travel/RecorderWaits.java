package dev.waymark.travel;

import static dev.waymark.travel.PlaywrightParts.blank;
import static dev.waymark.travel.Script.str;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.workflow.Expect;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.Tokens;
import dev.waymark.workflow.WaitConfig;
import java.util.ArrayList;
import java.util.List;

/** A step's waits and expectations as flow steps: waitForElement where a selector says it, waitForExpression otherwise. */
final class RecorderWaits {
  private RecorderWaits() {}

  static boolean empty(WaitConfig w) {
    return blank(w.selector()) && blank(w.text()) && blank(w.urlIncludes()) && w.delayMs() <= 0;
  }

  static List<ObjectNode> of(WaitConfig w, RecorderExport x) {
    List<ObjectNode> out = new ArrayList<>();
    if (!blank(w.selector())) {
      ObjectNode n = element(x, List.of(List.of(w.selector())));
      if (w.absent()) {
        n.put("operator", "==");
        n.put("count", 0);
      }
      out.add(n);
    }
    if (!blank(w.text())) {
      // As replay reads it: anywhere in the page's text, in any case.
      out.add(x.expression("(document.body?.innerText ?? '').toLowerCase().includes(" + str(w.text().toLowerCase()) + ")"));
    }
    if (!blank(w.urlIncludes())) out.add(x.expression("location.href.includes(" + str(w.urlIncludes()) + ")"));
    if (w.delayMs() > 0) out.add(x.expression("new Promise((r) => setTimeout(() => r(true), " + w.delayMs() + "))"));
    if (w.timeoutMs() > 0) for (ObjectNode n : out) n.put("timeout", Math.min(RecorderExport.MAX_TIMEOUT_MS, w.timeoutMs()));
    return out;
  }

  /** The facts of an expect, each waited for after the action (the count against the baseline taken before it). */
  static List<ObjectNode> expect(Expect e, List<List<String>> selectors, Step s, String where, RecorderExport x) {
    List<ObjectNode> out = new ArrayList<>();
    if (e.url() != null) {
      out.add(x.expression("(() => { const h = location.hash; const route = h.startsWith('#/') || h.startsWith('#!') ? h : '';"
          + " return ((location.pathname || '/') + route).endsWith(" + str(e.url()) + "); })()"));
    }
    if (e.title() != null) {
      out.add(x.expression("document.title.replace(/\\s+/g, ' ').trim() === " + str(e.title().replaceAll("\\s+", " ").strip())));
    }
    if (e.appears() != null && !blank(e.appears().name())) {
      out.add(element(x, List.of(List.of(RecorderSelectors.aria(e.appears().name(), e.appears().role())))));
    }
    if (e.gone() != null && !blank(e.gone().name())) {
      ObjectNode n = element(x, List.of(List.of(RecorderSelectors.aria(e.gone().name(), e.gone().role()))));
      n.put("operator", "==");
      n.put("count", 0);
      out.add(n);
    }
    if (e.value() != null && selectors != null) {
      String v = x.text(e.value(), s, where);
      // A value still written as a token is not what the field will hold: the step is already noted as needing it.
      if (Tokens.names(v).isEmpty()) {
        ObjectNode n = element(x, selectors);
        n.putObject("properties").put("value", v);
        out.add(n);
      }
    }
    if (e.count() != null && !blank(e.count().list())) {
      out.add(x.expression("document.querySelectorAll(" + str(e.count().list()) + ").length === window.__waymarkCount + ("
          + e.count().by() + ")"));
    }
    return out;
  }

  private static ObjectNode element(RecorderExport x, List<List<String>> selectors) {
    ObjectNode n = x.node("waitForElement");
    n.put("target", "main");
    ArrayNode all = n.putArray("selectors");
    for (List<String> alt : selectors) {
      ArrayNode parts = all.addArray();
      alt.forEach(parts::add);
    }
    return n;
  }
}
