package dev.waymark.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.agent.AgentTasks;
import dev.waymark.agent.TaskLanes;
import dev.waymark.agent.TaskReply;
import dev.waymark.risk.ApprovalPolicy;
import dev.waymark.risk.RuleRiskGate;
import dev.waymark.session.AuthoringSession;
import dev.waymark.session.FakeSessionBrowser;
import dev.waymark.testing.JavaFxToolkit;
import dev.waymark.ui.agents.AgentsView;
import dev.waymark.ui.agents.AgentsViewModel;
import dev.waymark.workflow.Json;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ListView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The studio's Agents panel with several agent tasks: the first runs in the window's session, the second in a session
 * of its own; the panel lists both with their state, the second's risky step shows as waiting for the person and is
 * approved from the panel, and Stop ends the first while the second goes on. The pages' own records (the fake
 * browsers') say what was done where.
 */
@ExtendWith(ApplicationExtension.class)
@JavaFxToolkit
class AgentsPanelSeveralTasksTest {
  @TempDir static Path dir;
  private final List<AuthoringSession> sessions = new CopyOnWriteArrayList<>();
  private final Map<String, FakeSessionBrowser> pages = new java.util.concurrent.ConcurrentHashMap<>();
  private final Consumer<String> said = s -> { };
  private AuthoringSession window;
  private FakeSessionBrowser windowPage;
  private AgentsViewModel vm;

  @Start
  void start(Stage stage) {
    windowPage = FakeSessionBrowser.checkout();
    window = session(windowPage);
    vm = new AgentsViewModel(window, Platform::runLater, p -> { }, () -> null, dir, 0, (taskId, goal) -> {
      FakeSessionBrowser page = FakeSessionBrowser.checkout();
      pages.put(taskId, page);
      return new TaskLanes.Lane(session(page), () -> { });
    });
    stage.setScene(new Scene(new AgentsView(vm), 480, 720));
    stage.show();
  }

  @AfterEach
  void close() {
    vm.close();
    sessions.forEach(AuthoringSession::close);
  }

  private AuthoringSession session(FakeSessionBrowser page) {
    AuthoringSession s = new AuthoringSession(new AuthoringSession.Config(page, new RuleRiskGate(), ApprovalPolicy.defaults(), null,
        Runnable::run, 0));
    sessions.add(s);
    return s;
  }

  private String startTask(String goal) throws Exception {
    TaskReply r = vm.tasks().start(new AgentTasks.Start(goal, "http://127.0.0.1:8000/checkout.html", List.of(), Map.of(), null, null), said);
    assertThat(r.error()).as(r.text()).isFalse();
    return (String) r.structured().get("task_id");
  }

  @Test
  void thePanelListsBothTasksApprovesTheSecondsStepAndStopsTheFirst(FxRobot robot) throws Exception {
    String first = startTask("Fill the street");
    String second = startTask("Place the order");
    assertThat(pages).containsOnlyKeys(second); // the first runs in the window's session

    CompletableFuture<TaskReply> placing = CompletableFuture.supplyAsync(() -> {
      try {
        return vm.tasks().respond(second, 1, Json.read("{\"kind\": \"click\", \"ref\": \"e12\"}", JsonNode.class), said);
      } catch (InterruptedException e) {
        throw new IllegalStateException(e);
      }
    });
    @SuppressWarnings("unchecked")
    ListView<AgentTasks.TaskSummary> list = robot.lookup("#agents-tasks").queryAs(ListView.class);
    StudioFixture.await("both tasks listed, the second waiting for approval", () -> list.getItems().size() == 2
        && list.getItems().stream().anyMatch(t -> t.taskId().equals(second) && t.waitingFor() != null && t.waitingFor().startsWith("approval")));
    assertThat(placing).isNotDone();

    robot.interact(() -> list.getSelectionModel().select(list.getItems().stream().filter(t -> t.taskId().equals(second)).findFirst().orElseThrow()));
    assertThat(robot.lookup("#agents-approve").queryAs(Button.class).isDisabled()).isFalse();
    robot.interact(() -> robot.lookup("#agents-approve").queryAs(Button.class).fire());

    TaskReply placed = placing.get(10, TimeUnit.SECONDS);
    assertThat(placed.error()).as(placed.text()).isFalse();
    assertThat(placed.text()).contains("approved by the person");
    assertThat(pages.get(second).performed).extracting(p -> p.step().type()).containsExactly("navigate", "click");
    assertThat(windowPage.performed).extracting(p -> p.step().type()).containsExactly("navigate");

    robot.interact(() -> list.getSelectionModel().select(list.getItems().stream().filter(t -> t.taskId().equals(first)).findFirst().orElseThrow()));
    robot.interact(() -> robot.lookup("#agents-stop-task").queryAs(Button.class).fire());
    StudioFixture.await("the first task is listed as ended", () -> list.getItems().stream()
        .anyMatch(t -> t.taskId().equals(first) && t.state().startsWith("ended")));
    assertThat(list.getItems().stream().filter(t -> t.taskId().equals(second)).findFirst().orElseThrow().state()).doesNotStartWith("ended");
    TaskReply goesOn = vm.tasks().respond(second, 2, Json.read("{\"kind\": \"done\", \"summary\": \"ordered\"}", JsonNode.class), said);
    assertThat(goesOn.error()).as(goesOn.text()).isFalse();
  }
}
