package dev.waymark.cli;

import dev.waymark.agent.TaskLanes;
import dev.waymark.bridge.BrowserClient;
import dev.waymark.bridge.ObserveOptions;
import dev.waymark.risk.Approval;
import dev.waymark.risk.ApprovalPolicy;
import dev.waymark.risk.RuleRiskGate;
import dev.waymark.session.AuthoringSession;
import dev.waymark.session.BridgeSessionBrowser;
import dev.waymark.session.SidePanel;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code mcp} command's lanes: each task gets its own authoring session over the browser's task view (a tab of
 * its own, {@link BrowserClient#forTask}), its own journal and its own side-panel cards, which say which task asks.
 * The terminal asks about every lane's held steps, one at a time.
 */
public final class McpLanes implements TaskLanes, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(McpLanes.class);

  /** One lane: its task, session, browser and side panel. */
  record Opened(String taskId, AuthoringSession session, TerminalSessionBrowser browser, SidePanel panel) {}

  private final BrowserClient client;
  private final ObserveOptions observing;
  private final PrintWriter asks;
  private final boolean headless;
  private final ApprovalPolicy policy;
  private final Path journals;
  private final int timeoutMs;
  private final boolean askInChrome;
  private final int limit;
  private final Map<String, Opened> lanes = new LinkedHashMap<>();

  public McpLanes(BrowserClient client, ObserveOptions observing, PrintWriter asks, boolean headless, ApprovalPolicy policy,
      Path journals, int timeoutMs, boolean askInChrome, int limit) {
    this.client = client;
    this.observing = observing;
    this.asks = asks;
    this.headless = headless;
    this.policy = policy;
    this.journals = journals;
    this.timeoutMs = timeoutMs;
    this.askInChrome = askInChrome;
    this.limit = limit;
  }

  @Override
  public Lane open(String taskId, String goal) {
    BrowserClient view = client.forTask(taskId);
    TerminalSessionBrowser sb = new TerminalSessionBrowser(new BridgeSessionBrowser(view, observing), asks, headless);
    AuthoringSession session = new AuthoringSession(new AuthoringSession.Config(sb, new RuleRiskGate(), policy, journals,
        Runnable::run, timeoutMs));
    SidePanel panel = askInChrome ? SidePanel.over(view, session, step -> Approval.byPerson(step, Approval.Channel.CHROME),
        Approval.Channel.CLI.journalName()) : null;
    Opened o = new Opened(taskId, session, sb, panel);
    synchronized (lanes) {
      lanes.put(taskId, o);
    }
    return new Lane(session, () -> endLane(o));
  }

  @Override
  public int limit() {
    return limit;
  }

  /** The task ended: a step waiting for the person is withdrawn, its side-panel card closes, the extension forgets the task. */
  private void endLane(Opened o) {
    var pending = o.session().latest().pending();
    if (pending != null) {
      try {
        o.session().reject(pending.step().id(), "the task was ended", Approval.Channel.CLI.journalName())
            .get(10, java.util.concurrent.TimeUnit.SECONDS);
      } catch (Exception e) {
        LOG.debug("the held step of task {} was not withdrawn: {}", o.taskId(), e.toString());
      }
    }
    if (o.panel() != null) o.panel().close();
    try {
      client.forTask(o.taskId()).release().get(10, java.util.concurrent.TimeUnit.SECONDS);
    } catch (Exception e) {
      LOG.debug("the browser was not told that task {} ended: {}", o.taskId(), e.toString());
    }
  }

  @Override
  public void forget(String taskId) {
    Opened o;
    synchronized (lanes) {
      o = lanes.remove(taskId);
    }
    if (o != null) o.session().close();
  }

  /** The sessions of the lanes, by task id (the terminal's approvals ask about each). */
  Map<String, AuthoringSession> sessions() {
    Map<String, AuthoringSession> out = new LinkedHashMap<>();
    synchronized (lanes) {
      lanes.forEach((id, o) -> out.put(id, o.session()));
    }
    return out;
  }

  List<Opened> opened() {
    synchronized (lanes) {
      return new ArrayList<>(lanes.values());
    }
  }

  /** Closes every lane's session and side panel (the agent disconnected). */
  @Override
  public void close() {
    for (Opened o : opened()) {
      if (o.panel() != null) o.panel().close();
      o.session().close();
    }
  }
}
