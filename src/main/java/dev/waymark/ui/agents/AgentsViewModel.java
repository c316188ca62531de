package dev.waymark.ui.agents;

import dev.waymark.agent.AgentTasks;
import dev.waymark.agent.McpHttpEndpoint;
import dev.waymark.agent.McpToken;
import dev.waymark.agent.WaymarkMcp;
import dev.waymark.agent.WorkflowRuns;
import dev.waymark.apply.Capabilities;
import dev.waymark.replay.ReplayBrowser;
import dev.waymark.replay.WorkflowRunner;
import dev.waymark.session.AuthoringSession;
import dev.waymark.session.SessionSnapshot;
import dev.waymark.workflow.Json;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The studio as an MCP server for agents: off until the person turns it on; then Streamable HTTP on 127.0.0.1 with
 * the per-install token, sharing the window's session, so the person watches an agent's turns arrive in the steps
 * and the trail and answers its risky steps on the approval card. This model holds the token only to hand it to the
 * clipboard; the view shows it masked.
 */
public final class AgentsViewModel implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(AgentsViewModel.class);
  /** The port the studio offers agents by default; 0 in tests picks a free one. */
  public static final int DEFAULT_PORT = 17390;

  private final AuthoringSession session;
  private final Executor ui;
  private final Consumer<String> problems;
  private final Supplier<ReplayBrowser> replay;
  private final Path configDir;
  private final int port;
  private final AgentTasks tasks;
  private final ReadOnlyBooleanWrapper serving = new ReadOnlyBooleanWrapper(false);
  private final ReadOnlyBooleanWrapper starting = new ReadOnlyBooleanWrapper(false);
  private final ReadOnlyStringWrapper url = new ReadOnlyStringWrapper("");
  private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("Off: no agent can reach Waymark.");
  private final ReadOnlyStringWrapper activity = new ReadOnlyStringWrapper("");
  private volatile McpHttpEndpoint endpoint;
  private final dev.waymark.session.PageTextSwitch pageTextSwitch;
  private final javafx.beans.property.BooleanProperty pageText = new javafx.beans.property.SimpleBooleanProperty(false);

  /** Opens a session of its own for a further agent task while another holds the window (the app's bridge). */
  @FunctionalInterface
  public interface MoreLanes {
    dev.waymark.agent.TaskLanes.Lane open(String taskId, String goal) throws Exception;
  }

  private final javafx.collections.ObservableList<AgentTasks.TaskSummary> taskRows =
      javafx.collections.FXCollections.observableArrayList();

  public AgentsViewModel(AuthoringSession session, Executor ui, Consumer<String> problems, Supplier<ReplayBrowser> replay,
      Path configDir, int port) {
    this(session, ui, problems, replay, configDir, port, null);
  }

  /** With {@code more}, agents run several tasks at once: the first in the window's session, the others beside it. */
  public AgentsViewModel(AuthoringSession session, Executor ui, Consumer<String> problems, Supplier<ReplayBrowser> replay,
      Path configDir, int port, MoreLanes more) {
    this(session, ui, problems, replay, configDir, port, more, new dev.waymark.session.PageTextSwitch());
  }

  /** With {@code pageText}, the switch the studio's sessions observe by: the panel turns it on and off. */
  public AgentsViewModel(AuthoringSession session, Executor ui, Consumer<String> problems, Supplier<ReplayBrowser> replay,
      Path configDir, int port, MoreLanes more, dev.waymark.session.PageTextSwitch pageText) {
    this.pageTextSwitch = pageText;
    this.pageText.set(pageText.isOn());
    this.pageText.addListener((o, was, now) -> {
      pageText.set(now);
      activity.set(now ? "Agents read the page's text from the next reading: up to " + String.format("%,d", dev.waymark.session.PageTextSwitch.CHARS)
          + " characters, values masked." : "Agents read the page's controls only, from the next reading.");
    });
    this.session = session;
    this.ui = ui;
    this.problems = problems;
    this.replay = replay;
    this.configDir = configDir;
    this.port = port;
    dev.waymark.agent.TaskLanes lanes = more == null ? dev.waymark.agent.TaskLanes.single(session)
        : new StudioLanes(session, more::open, dev.waymark.agent.TaskLanes.DEFAULT_LIMIT);
    this.tasks = new AgentTasks(lanes, new AgentTasks.Host() {
      @Override
      public Map<String, String> personValues() {
        // The person types values under Variables; the session holds them and masks them everywhere.
        return Map.of();
      }

      @Override
      public Capabilities allowed() {
        return session.latest().state().capabilities();
      }
    });
  }

  public ReadOnlyBooleanProperty servingProperty() { return serving.getReadOnlyProperty(); }
  public ReadOnlyBooleanProperty startingProperty() { return starting.getReadOnlyProperty(); }
  public ReadOnlyStringProperty urlProperty() { return url.getReadOnlyProperty(); }
  public ReadOnlyStringProperty statusProperty() { return status.getReadOnlyProperty(); }
  public ReadOnlyStringProperty activityProperty() { return activity.getReadOnlyProperty(); }

  /** Whether observations carry the page's text (off by default); the panel's switch. */
  public javafx.beans.property.BooleanProperty pageTextInputProperty() { return pageText; }

  /** The switch the studio's sessions read. */
  public dev.waymark.session.PageTextSwitch pageTextSwitch() { return pageTextSwitch; }

  /** The agents' tasks as the panel lists them (refreshed by {@link #refreshTasks}), on the FX thread. */
  public javafx.collections.ObservableList<AgentTasks.TaskSummary> taskRows() {
    return taskRows;
  }

  /** Reads the tasks' states again (the panel calls it every second while agents may connect). */
  public void refreshTasks() {
    List<AgentTasks.TaskSummary> now = tasks.list();
    if (!now.equals(taskRows)) taskRows.setAll(now);
  }

  /** The person's Stop for a task: it ends (what waits for them is withdrawn), off the FX thread. */
  public CompletableFuture<Void> stop(String taskId) {
    return CompletableFuture.runAsync(() -> {
      try {
        tasks.end(taskId, "stopped by the person in the studio");
      } catch (RuntimeException e) {
        ui.execute(() -> problems.accept("Task " + taskId + " could not be stopped: " + e.getMessage()));
      }
      ui.execute(this::refreshTasks);
    }, daemon("waymark-agents-stop-task"));
  }

  /** The person's answer, from the panel, to the step task {@code taskId} holds for them. */
  public void answer(String taskId, boolean approve) {
    AuthoringSession s;
    try {
      s = tasks.session(taskId);
    } catch (RuntimeException e) {
      problems.accept(e.getMessage());
      return;
    }
    var p = s.latest().pending();
    if (p == null) {
      problems.accept("Task " + taskId + " has no step waiting for you now.");
      return;
    }
    CompletableFuture<?> f = approve ? s.approve(dev.waymark.risk.Approval.byPerson(p.step(), dev.waymark.risk.Approval.Channel.UI))
        : s.reject(p.step().id(), "rejected in the studio's Agents panel", dev.waymark.risk.Approval.Channel.UI.journalName());
    f.whenComplete((r, e) -> ui.execute(() -> {
      if (e != null) problems.accept("That answer was not taken: " + (e.getCause() == null ? e.getMessage() : e.getCause().getMessage()));
      refreshTasks();
    }));
  }

  /** The tasks agents run here (for tests and the activity line). */
  public AgentTasks tasks() {
    return tasks;
  }

  /** Turns the endpoint on or off; starting happens off the FX thread and reports here. */
  public CompletableFuture<Void> setServing(boolean on) {
    if (on == serving.get() || starting.get()) return CompletableFuture.completedFuture(null);
    if (!on) {
      McpHttpEndpoint e = endpoint;
      endpoint = null;
      serving.set(false);
      url.set("");
      status.set("Off: no agent can reach Waymark.");
      return CompletableFuture.runAsync(() -> { if (e != null) e.close(); }, daemon("waymark-agents-stop"));
    }
    starting.set(true);
    status.set("Starting…");
    return CompletableFuture.runAsync(() -> {
      try {
        McpToken token = McpToken.loadOrCreate(configDir);
        WorkflowRuns runs = new WorkflowRuns((wf, values, lines) -> {
          ReplayBrowser b = replay.get();
          if (b == null) throw new IllegalStateException("no browser is connected to the studio");
          return new WorkflowRunner(b).run(wf, WorkflowRunner.Options.of(values).withListeners(r -> { }, lines));
        }, Map::of, session::policy);
        McpHttpEndpoint e = McpHttpEndpoint.start(new WaymarkMcp(tasks, runs), token, port);
        endpoint = e;
        ui.execute(() -> {
          starting.set(false);
          serving.set(true);
          url.set(e.url());
          status.set("On: agents with the token reach this window's session at " + e.url() + ".");
        });
      } catch (IOException | RuntimeException ex) {
        LOG.warn("the MCP endpoint did not start", ex);
        ui.execute(() -> {
          starting.set(false);
          status.set("Off: " + ex.getMessage());
          problems.accept("Agents cannot connect: " + ex.getMessage());
        });
      }
    }, daemon("waymark-agents-start"));
  }

  /** Hands the token to {@code clipboard}, the only place it goes; a token that cannot be read is reported. */
  public void copyToken(Consumer<String> clipboard) {
    try {
      clipboard.accept(token());
      status.set(serving.get() ? status.get() : "Token copied. Turn agents on to let them connect.");
    } catch (IOException e) {
      problems.accept("The token could not be read: " + e.getMessage());
    }
  }

  /** Hands an MCP client configuration with the address and token to {@code clipboard}. */
  public void copyClientConfig(Consumer<String> clipboard) {
    try {
      clipboard.accept(clientConfig());
    } catch (IOException e) {
      problems.accept("The token could not be read: " + e.getMessage());
    }
  }

  private String token() throws IOException {
    return McpToken.loadOrCreate(configDir).reveal();
  }

  /** A new token: every agent configured with the old one must be given this one. */
  public void newToken() {
    try {
      McpToken.regenerate(configDir);
      boolean was = serving.get();
      if (was) setServing(false).thenRun(() -> ui.execute(() -> setServing(true)));
      status.set(was ? "A new token was made; the endpoint restarts with it." : "A new token was made.");
    } catch (IOException e) {
      problems.accept("A new token could not be made: " + e.getMessage());
    }
  }

  /** An MCP client configuration (Claude Code, VS Code, any client that takes mcpServers) with the address and token. */
  public String clientConfig() throws IOException {
    Map<String, Object> server = new LinkedHashMap<>();
    server.put("type", "http");
    server.put("url", url.get().isEmpty() ? "http://127.0.0.1:" + DEFAULT_PORT + McpHttpEndpoint.PATH : url.get());
    server.put("headers", Map.of("Authorization", "Bearer " + token()));
    return Json.write(Map.of("mcpServers", Map.of("waymark", server)));
  }

  /** How many requests the endpoint refused (wrong Origin, Host or token) since it started. */
  public int refusedRequests() {
    McpHttpEndpoint e = endpoint;
    if (e == null) return 0;
    int n = 0;
    for (McpHttpEndpoint.Refusal r : McpHttpEndpoint.Refusal.values()) n += e.refused(r);
    return n;
  }

  /** The agent's task as the window shows it; called with each snapshot, on the FX thread. */
  public void accept(SessionSnapshot s) {
    String id = tasks.taskId();
    if (id == null) {
      activity.set(serving.get() ? "No agent task yet. An agent's task_start starts a new session, as New does." : "");
      return;
    }
    refreshTasks();
    StringBuilder b = new StringBuilder("Agent task " + id + " · generation " + tasks.generation());
    if (s.pending() != null) b.append(" · waiting for your approval");
    else if (s.userStep() != null) b.append(" · waiting for you in the browser");
    else if (s.busy()) b.append(" · ").append(s.activity());
    int refused = refusedRequests();
    if (refused > 0) b.append(" · ").append(refused).append(refused == 1 ? " request refused" : " requests refused");
    activity.set(b.toString());
  }

  @Override
  public void close() {
    McpHttpEndpoint e = endpoint;
    endpoint = null;
    if (e != null) e.close();
  }

  private static Executor daemon(String name) {
    return r -> {
      Thread t = new Thread(r, name);
      t.setDaemon(true);
      t.start();
    };
  }
}
