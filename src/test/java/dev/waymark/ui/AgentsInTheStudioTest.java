package dev.waymark.ui;

import dev.waymark.testing.JavaFxToolkit;
import static dev.waymark.ui.StudioFixture.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.agent.McpHttpEndpoint;
import dev.waymark.agent.McpToken;
import dev.waymark.workflow.Json;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The studio as the approval desk of an external agent: the person turns agents on, an MCP client's task arrives in
 * the window's session, its risky step waits on the window's approval card, and the person's Approve in the window
 * releases the agent's waiting call.
 */
@ExtendWith(ApplicationExtension.class)
@JavaFxToolkit
class AgentsInTheStudioTest {
  @TempDir
  static Path dir;
  StudioFixture f;
  McpSyncClient agent;

  @Start
  void start(Stage stage) {
    f = new StudioFixture(dir);
    f.show(stage, List.of());
  }

  @AfterEach
  void tearDown() {
    if (agent != null) agent.closeGracefully();
    f.view.dispose();
    f.close();
  }

  private static String text(McpSchema.CallToolResult r) {
    StringBuilder b = new StringBuilder();
    for (McpSchema.Content c : r.content()) if (c instanceof McpSchema.TextContent t) b.append(t.text());
    return b.toString();
  }

  private McpSchema.CallToolResult call(String tool, Map<String, Object> args) {
    return agent.callTool(McpSchema.CallToolRequest.builder().name(tool).arguments(args).build());
  }

  @Test
  void anAgentsRiskyStepWaitsOnTheWindowsCardAndApproveThereReleasesTheCall(FxRobot robot) throws Exception {
    assertThat(robot.lookup("#agents-url").queryAs(TextField.class).getText()).isEmpty();
    robot.clickOn("#agents-serving");
    await("the endpoint is on", () -> !robot.lookup("#agents-url").queryAs(TextField.class).getText().isEmpty());
    String url = robot.lookup("#agents-url").queryAs(TextField.class).getText();
    assertThat(url).startsWith("http://127.0.0.1:").endsWith(McpHttpEndpoint.PATH);
    assertThat(robot.lookup("#agents-token").queryAs(Label.class).getText()).doesNotContain(McpToken.loadOrCreate(dir).reveal());

    String token = McpToken.loadOrCreate(dir).reveal();
    agent = McpClient.sync(HttpClientStreamableHttpTransport.builder(url.substring(0, url.length() - McpHttpEndpoint.PATH.length()))
        .endpoint(McpHttpEndpoint.PATH).httpRequestCustomizer((b, m, u, body, c) -> b.header("Authorization", "Bearer " + token))
        .build()).requestTimeout(Duration.ofSeconds(60)).build();
    agent.initialize();

    McpSchema.CallToolResult started = call("task_start", Map.of("goal", "Place the order",
        "start_url", "http://127.0.0.1:8000/checkout.html"));
    assertThat(started.isError()).as(text(started)).isFalse();
    String taskId = Json.mapper().valueToTree(started.structuredContent()).path("task_id").asText();
    await("the window names the agent's task", () -> robot.lookup("#agents-activity").queryAs(Label.class).getText()
        .contains(taskId));

    CompletableFuture<McpSchema.CallToolResult> placing = CompletableFuture.supplyAsync(() -> call("task_respond",
        Map.of("task_id", taskId, "interaction_generation", 1, "action", Map.of("kind", "click", "ref", "e12"))));
    await("the approval card shows the agent's step", () -> robot.lookup("#approval-view").query().isVisible());
    await("the agents panel says it waits for the person", () -> robot.lookup("#agents-activity").queryAs(Label.class)
        .getText().contains("waiting for your approval"));
    assertThat(placing).isNotDone();
    int performedBefore = f.browser.performed.size();

    robot.clickOn("#approval-approve");
    McpSchema.CallToolResult placed = placing.get(30, TimeUnit.SECONDS);

    assertThat(placed.isError()).as(text(placed)).isFalse();
    assertThat(text(placed)).contains("approved by the person");
    assertThat(f.browser.performed.size()).isEqualTo(performedBefore + 1);
    assertThat(f.browser.performed.get(f.browser.performed.size() - 1).step().type()).isEqualTo("click");
    @SuppressWarnings("unchecked")
    TableView<dev.waymark.workflow.Step> steps = robot.lookup("#steps-table").queryAs(TableView.class);
    await("the agent's click is listed in the window's steps", () -> steps.getItems().stream()
        .anyMatch(s -> "click".equals(s.type())));

    agent.closeGracefully();
    agent = null;
    // The switch as the keyboard works it: the steps table growing above it can move it while a pointer is on its
    // way (a missed click on a loaded machine), and where it is drawn is not what this test is about.
    javafx.scene.control.CheckBox serving = robot.lookup("#agents-serving").queryAs(javafx.scene.control.CheckBox.class);
    robot.interact(serving::fire);
    await("the endpoint is off", () -> robot.lookup("#agents-url").queryAs(TextField.class).getText().isEmpty());
  }

  @Test
  void thePageTextSwitchIsOffByDefaultAndTurnsTheStudiosReadingsOn(FxRobot robot) {
    javafx.scene.control.CheckBox box = robot.lookup("#agents-page-text").queryAs(javafx.scene.control.CheckBox.class);
    dev.waymark.session.PageTextSwitch pageText = f.view.agentsViewModel().pageTextSwitch();
    assertThat(box.isSelected()).isFalse();
    assertThat(pageText.options().includeText()).isFalse();

    // The switch's own action (the panel may sit below the fold of the test's window, where a click misses it).
    robot.interact(box::fire);

    assertThat(pageText.isOn()).isTrue();
    assertThat(pageText.options().includeText()).isTrue();
    assertThat(pageText.options().maxText()).isEqualTo(dev.waymark.session.PageTextSwitch.CHARS);
    assertThat(robot.lookup("#agents-activity").queryAs(Label.class).getText()).contains("page's text", "values masked");
    robot.interact(box::fire);
    assertThat(pageText.isOn()).isFalse();
  }
}
