package dev.waymark.bridge;

import dev.waymark.testing.RealBrowser;
import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.observe.ObservedNode;
import dev.waymark.observe.PageObservation;
import dev.waymark.testing.BrowserHarness;
import dev.waymark.workflow.Json;
import dev.waymark.workflow.Selector;
import dev.waymark.workflow.Step;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A value the studio sent to be typed never comes back in an observation, though the page now shows it. */
@RealBrowser
class ObservationEchoMaskingChromiumTest {
  @RegisterExtension
  static BrowserHarness browser = BrowserHarness.create();

  private static final String CANARY = "canary-Echo-7731";

  @Test
  void aFilledValueIsMaskedInTheNextObservation() throws Exception {
    browser.open(browser.pageUrl("executor/basic.html"));
    Step fill = Step.builder("fill").id("s1").selector(Selector.css("#name")).value("{{ name }}").build();
    PerformResult r = browser.client().perform("echo-1", fill, Map.of("name", CANARY), 10_000).get(20, TimeUnit.SECONDS);
    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(browser.eval("document.getElementById('name').value").asText()).isEqualTo(CANARY);

    PageObservation page = browser.client().observe(ObserveOptions.defaults()).get(20, TimeUnit.SECONDS).page();

    assertThat(Json.write(page)).doesNotContain(CANARY);
    ObservedNode field = page.nodes().stream().filter(n -> "#name".equals(n.selector())).findFirst().orElseThrow();
    assertThat(field.value()).isEqualTo("{{ name }}");
  }
}
