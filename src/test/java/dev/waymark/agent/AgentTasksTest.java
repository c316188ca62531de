package dev.waymark.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.apply.Capabilities;
import dev.waymark.risk.Approval;
import dev.waymark.risk.ApprovalPolicy;
import dev.waymark.risk.RuleRiskGate;
import dev.waymark.session.AuthoringSession;
import dev.waymark.session.FakeSessionBrowser;
import dev.waymark.observe.PageObservation;
import dev.waymark.workflow.Json;
import dev.waymark.workflow.StepOutcome;
import dev.waymark.workflow.StepResult;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The task desk on a fake browser: generations, a person who answers late, the person's own steps, task ids. */
class AgentTasksTest {
  private final FakeSessionBrowser page = FakeSessionBrowser.checkout();
  private AuthoringSession session;
  private AgentTasks tasks;
  private final List<String> progress = new java.util.concurrent.CopyOnWriteArrayList<>();
  private final Consumer<String> said = progress::add;

  @BeforeEach
  void open() {
    session = new AuthoringSession(new AuthoringSession.Config(page, new RuleRiskGate(), ApprovalPolicy.defaults(), null,
        Runnable::run, 0));
    tasks = new AgentTasks(session, AgentTasks.Host.of(Map.of("street", "Elm Road 7"), Capabilities.ALL));
  }

  @AfterEach
  void stop() {
    session.close();
  }

  private TaskReply startTask() throws InterruptedException {
    return tasks.start(new AgentTasks.Start("Place the order", "http://127.0.0.1:8000/checkout.html", List.of(),
        Map.of("street", "where the mug goes"), null, null), said);
  }

  private static JsonNode action(String json) {
    return Json.read(json, JsonNode.class);
  }

  @Test
  void aPersonWhoAnswersLateGetsTheStepDoneAndTaskStateReportsIt() throws Exception {
    TaskReply first = startTask();
    String id = (String) first.structured().get("task_id");
    tasks.setAnswerLimit(Duration.ofMillis(300));

    assertThatThrownBy(() -> tasks.respond(id, 1, action("{\"kind\": \"click\", \"ref\": \"e12\"}"), said))
        .isInstanceOf(TaskException.class).hasMessageContaining("still waits").hasMessageContaining("Do not send it again");
    assertThat(progress).anyMatch(p -> p.contains("Waiting for the person to approve") && p.contains("Place order"));
    // Sending it again while it waits changes nothing.
    assertThatThrownBy(() -> tasks.respond(id, 1, action("{\"kind\": \"click\", \"ref\": \"e12\"}"), said))
        .hasMessageContaining("waits for the person's approval");
    assertThat(tasks.state(id, said).text()).contains("waiting for the person's approval", "Place order");

    session.approve(Approval.byPerson(session.latest().pending().step(), Approval.Channel.UI)).get();

    TaskReply state = tasks.state(id, said);
    assertThat(state.text()).contains("interaction_generation: 2").containsPattern("last step: Click button \"Place order\" at turn \\d+ — ok");
    assertThat(page.performed).extracting(p -> p.step().type()).containsExactly("navigate", "click");
  }

  @Test
  void thePersonsOwnStepInTheWindowMakesTheAgentsGenerationStale() throws Exception {
    TaskReply first = startTask();
    String id = (String) first.structured().get("task_id");
    session.takeOver(dev.waymark.session.TakeOver.on("click", "e9", null), null).get();

    TaskReply stale = tasks.respond(id, 1, action("{\"kind\": \"click\", \"ref\": \"e10\"}"), said);

    assertThat(stale.error()).isTrue();
    assertThat(stale.text()).contains("stale", "it is now 2");
    assertThat(page.performed).hasSize(2);
  }

  @Test
  void aNewTaskEndsTheOldOneAndTheOldIdSaysSo() throws Exception {
    String old = (String) startTask().structured().get("task_id");
    String current = (String) startTask().structured().get("task_id");

    assertThatThrownBy(() -> tasks.state(old, said)).hasMessageContaining("ended when task " + current + " started");
    assertThat(tasks.state(current, said).error()).isFalse();
  }

  @Test
  void theAgentCannotWidenWhatThePersonAllowedOrStartOnABadAddress() throws Exception {
    tasks = new AgentTasks(session, AgentTasks.Host.of(Map.of(), Capabilities.NONE));
    tasks.start(new AgentTasks.Start("g", "http://127.0.0.1:8000/checkout.html", List.of(), Map.of(),
        List.of("download", "file_upload"), null), said);
    assertThat(session.latest().state().capabilities().names()).isEmpty();
    assertThatThrownBy(() -> tasks.start(new AgentTasks.Start("g", "file:///etc/passwd", List.of(), Map.of(), null, null), said))
        .hasMessageContaining("start_url must be an absolute http(s) address");
    assertThatThrownBy(() -> tasks.start(new AgentTasks.Start("g", "https://a.example/", List.of(), Map.of("bad name!", ""), null, null), said))
        .hasMessageContaining("cannot be a variable name");
  }

  @Test
  void valuesTheAgentNeverSees() throws Exception {
    TaskReply first = startTask();
    String id = (String) first.structured().get("task_id");
    TaskReply typed = tasks.respond(id, 1, action("{\"kind\": \"type\", \"ref\": \"e8\", \"text\": \"{{ street }}\"}"), said);
    assertThat(page.performed.get(page.performed.size() - 1).values()).containsEntry("street", "Elm Road 7");
    assertThat(typed.text() + Json.write(typed.structured())).doesNotContain("Elm Road 7");
    assertThat(first.text()).contains("street (where the mug goes)");
  }

  /**
   * A click the page answered after its verdict: the agent's next reply says it as the late effect of the turn its own
   * reply to that click named (decision 0073), never by a step id the agent was not shown.
   */
  @Test
  void aLateEffectNamesTheTurnTheAgentsReplyToThatClickShowed() throws Exception {
    java.util.concurrent.atomic.AtomicInteger sendings = new java.util.concurrent.atomic.AtomicInteger();
    java.util.concurrent.atomic.AtomicReference<String> firstClick = new java.util.concurrent.atomic.AtomicReference<>();
    page.answer = step -> {
      String sentAs = step.id() + "@0000000" + sendings.incrementAndGet();
      if (!"click".equals(step.type())) return StepResult.success(step.id(), null, null, null).withSentAs(sentAs);
      if (firstClick.compareAndSet(null, sentAs)) {
        return new StepResult(step.id(), true, null, null, null, null, false, false, false, null, "no visible change")
            .withSentAs(sentAs);
      }
      StepOutcome late = new StepOutcome(null, null, null, null, false, null, null, false, null, null, null, false,
          List.of(new StepOutcome.LateEffect(dev.waymark.bridge.BridgeBrowserPort.stepIdOf(firstClick.get()),
              "the page changed (2 DOM changes)", 800, firstClick.get(), null)));
      return new StepResult(step.id(), true, null, null, null, null, false, false, false, late).withSentAs(sentAs);
    };
    String id = (String) startTask().structured().get("task_id");

    TaskReply shown = tasks.respond(id, 1, action("{\"kind\": \"click\", \"ref\": \"e11\"}"), said);
    java.util.regex.Matcher at = java.util.regex.Pattern.compile("^ok: .* at turn (\\d+)\\. The page: no visible change").matcher(shown.text());
    assertThat(at.find()).as(shown.text()).isTrue();
    TaskReply later = tasks.respond(id, 2, action("{\"kind\": \"click\", \"ref\": \"e11\"}"), said);

    assertThat(later.text()).contains("Late effect of the step at turn " + at.group(1) + ", which saw no change by its verdict")
        .doesNotContainPattern("the click s\\d");
    assertThat(shown.structured()).extractingByKey("last_turn").asString().contains("turn=" + at.group(1));

    // with trusted input the next reading carries it: the page the agent is shown names the turn too
    page.page = page.page.withLateEffects(List.of(new PageObservation.LateEffect(
        dev.waymark.bridge.BridgeBrowserPort.stepIdOf(firstClick.get()), "the address changed", 300, firstClick.get(), null)));
    assertThat(tasks.state(id, said).text())
        .contains("late effect: the step at turn " + at.group(1) + " saw no change by its verdict, then the address changed");
  }
}
