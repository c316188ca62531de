package dev.waymark.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.apply.Capabilities;
import dev.waymark.risk.ApprovalPolicy;
import dev.waymark.risk.RuleRiskGate;
import dev.waymark.session.AuthoringSession;
import dev.waymark.session.BridgeSessionBrowser;
import dev.waymark.session.PageTextSwitch;
import dev.waymark.testing.BrowserHarness;
import dev.waymark.testing.RealBrowser;
import dev.waymark.workflow.Json;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Page text for agents in the studio (issue 26, item 4): the window's session observes through the Agents panel's
 * switch. Off (the default), an agent sees the page's controls only and cannot read the answer the page prints; on,
 * the next reading carries the page's text, and a value the agent typed from a variable is masked in it as
 * everywhere else. The page's own state shows the click happened either way.
 */
@RealBrowser
class StudioPageTextChromiumTest {
  @RegisterExtension
  static BrowserHarness browser = BrowserHarness.create();

  private static final String NAME = "canary-name-90210";
  private final Consumer<String> progress = s -> { };
  @TempDir Path dir;

  @Test
  void theSwitchLetsAnAgentReadWhatThePagePrintsWithTheValuesItTypedMasked() throws Exception {
    browser.open("about:blank");
    PageTextSwitch pageText = new PageTextSwitch();
    try (AuthoringSession session = new AuthoringSession(new AuthoringSession.Config(new BridgeSessionBrowser(browser.client(), pageText),
        new RuleRiskGate(), ApprovalPolicy.defaults(), dir, Runnable::run, 15_000))) {
      AgentTasks tasks = new AgentTasks(session, AgentTasks.Host.of(Map.of("name", NAME), Capabilities.ALL));
      TaskReply started = tasks.start(new AgentTasks.Start("Get a booking code", browser.pageUrl("agent/greeting.html"), List.of(),
          Map.of("name", "the person's name"), null, null), progress);
      assertThat(started.error()).as(started.text()).isFalse();
      String task = (String) started.structured().get("task_id");

      TaskReply typed = tasks.respond(task, generation(started), action("type", ref(started.text(), "Your name"), "{{ name }}"), progress);
      assertThat(typed.error()).as(typed.text()).isFalse();
      TaskReply greeted = tasks.respond(task, generation(typed), action("click", ref(typed.text(), "Greet me"), null), progress);
      assertThat(greeted.error()).as(greeted.text()).isFalse();
      assertThat(browser.eval("document.getElementById('answer').textContent").asText()).contains("QX-4711", NAME);
      assertThat(greeted.text()).as("off: controls only").doesNotContain("QX-4711");

      pageText.set(true);
      TaskReply read = tasks.state(task, progress);

      assertThat(read.text()).contains("Your booking code is QX-4711");
      assertThat(read.text()).doesNotContain(NAME);
      pageText.set(false);
      assertThat(tasks.state(task, progress).text()).as("off again from the next reading").doesNotContain("QX-4711");
    }
  }

  private static long generation(TaskReply r) {
    return ((Number) r.structured().get("interaction_generation")).longValue();
  }

  /** The ref of the control named {@code name} in a task reply's page ("e3 textbox \"Your name\"" and the like). */
  private static String ref(String text, String name) {
    Matcher m = Pattern.compile("\\b([el]\\d+) (?:[a-z:]+ )?\"" + Pattern.quote(name) + "\"").matcher(text);
    assertThat(m.find()).as("a control named %s in\n%s", name, text).isTrue();
    return m.group(1);
  }

  private static JsonNode action(String kind, String ref, String text) {
    Map<String, Object> a = new java.util.LinkedHashMap<>();
    a.put("kind", kind);
    a.put("ref", ref);
    if (text != null) a.put("text", text);
    return Json.mapper().valueToTree(a);
  }
}
