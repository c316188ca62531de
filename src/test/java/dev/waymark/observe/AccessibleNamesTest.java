package dev.waymark.observe;

import dev.waymark.testing.RealBrowser;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Accessible names on a page of labelling cases (label for and wrapping, aria-labelledby also chained,
 * aria-label, title, placeholder, alt, button content, hidden label parts). Each control carries the name
 * accname gives it in {@code data-expected-name} (or, where the control cannot carry it, the element after it).
 */
@RealBrowser
class AccessibleNamesTest {
  @RegisterExtension
  static ObserverBrowser browser = new ObserverBrowser();

  @Test
  void everyLabellingCaseGetsTheNameAccnameGives() throws Exception {
    browser.chromium().open(browser.pages().url("observer/names.html"));
    JsonNode r = browser.chromium().evalJson("""
        (() => {
          const o = globalThis.__waymark.observePage({});
          const rows = o.nodes.map((n, i) => {
            const el = o._elements[i];
            let exp = el.getAttribute('data-expected-name');
            if (exp === null) {
              const holder = el.closest('p') && el.closest('p').querySelector('[data-expected-name]');
              exp = holder ? holder.getAttribute('data-expected-name') : null;
            }
            return { ref: n.ref, id: el.id, expected: exp, actual: n.name === undefined ? null : n.name };
          });
          return JSON.stringify({ cases: document.querySelectorAll('[data-expected-name]').length, rows });
        })()
        """);
    assertThat(r.get("cases").asInt()).isGreaterThanOrEqualTo(30);
    assertThat(r.get("rows").size()).isEqualTo(r.get("cases").asInt());
    for (JsonNode row : r.get("rows")) {
      assertThat(row.get("expected").isNull()).as("case %s has an expected name", row.get("id")).isFalse();
      assertThat(row.get("actual").asText()).as("name of #%s", row.get("id").asText()).isEqualTo(row.get("expected").asText());
    }
  }

  /** The expectations themselves agree with Chromium's own accname implementation (its accessibility tree). */
  @Test
  void expectedNamesAgreeWithChromiumsAccessibilityTree() throws Exception {
    browser.chromium().open(browser.pages().url("observer/names.html"));
    JsonNode cases = browser.chromium().evalJson("""
        JSON.stringify(Array.from(document.querySelectorAll('[id^=n]')).filter((el) => /^n\\d+$/.test(el.id)).map((el) => {
          let exp = el.getAttribute('data-expected-name');
          if (exp === null) exp = el.closest('p').querySelector('[data-expected-name]').getAttribute('data-expected-name');
          return { id: el.id, expected: exp };
        }))
        """);
    assertThat(cases.size()).isGreaterThanOrEqualTo(30);
    browser.chromium().send("DOM.enable", Map.of());
    browser.chromium().send("Accessibility.enable", Map.of());
    int root = browser.chromium().send("DOM.getDocument", Map.of("depth", 0)).path("root").path("nodeId").asInt();
    for (JsonNode c : cases) {
      int nodeId = browser.chromium().send("DOM.querySelector", Map.of("nodeId", root, "selector", "#" + c.get("id").asText())).path("nodeId").asInt();
      JsonNode ax = browser.chromium().send("Accessibility.getPartialAXTree", Map.of("nodeId", nodeId, "fetchRelatives", false)).path("nodes").get(0);
      // accname flattens whitespace; Chromium keeps a trailing space that a hidden child left behind
      String chromiumName = ax.path("name").path("value").asText().replaceAll("\\s+", " ").trim();
      assertThat(chromiumName).as("Chromium's name of #%s", c.get("id").asText())
          .isEqualTo(c.get("expected").asText());
    }
  }
}
