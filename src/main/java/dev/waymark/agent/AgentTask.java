package dev.waymark.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.apply.ApplyOutput;
import dev.waymark.apply.Capabilities;
import dev.waymark.apply.LateEffectTurns;
import dev.waymark.apply.SecretMask;
import dev.waymark.observe.PageObservation;
import dev.waymark.session.AuthoringSession;
import dev.waymark.session.PendingApproval;
import dev.waymark.session.SessionException;
import dev.waymark.session.SessionSnapshot;
import dev.waymark.session.TurnOutcome;
import dev.waymark.workflow.ExtTurn;
import dev.waymark.workflow.Provenance;
import dev.waymark.workflow.Tokens;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One agent task on its lane (an authoring session of its own): its id, goal, generation, the pages its agent was
 * sent, and its end. One call acts on a task at a time; calls on different tasks run side by side, each in its
 * own session and tab. The agent never sees a value and never approves.
 */
final class AgentTask {
  private static final Logger LOG = LoggerFactory.getLogger(AgentTask.class);

  /** What the task is now: its id, goal, the session's page-action count at generation 1, and how it ended. */
  record Task(String id, String goal, long startActions, String ended) {
    Task ended(String how) {
      return new Task(id, goal, startActions, how);
    }
  }

  private final TaskLanes.Lane lane;
  private final AuthoringSession session;
  private final AgentTasks.Host host;
  private final java.util.function.Supplier<Duration> answerLimits;
  private final Object acting = new Object();
  private final AgentPages pages = new AgentPages();
  private final long startedAt = System.currentTimeMillis();
  private volatile Task task;
  private volatile boolean closed;

  AgentTask(String id, String goal, TaskLanes.Lane lane, AgentTasks.Host host, java.util.function.Supplier<Duration> answerLimits) {
    this.lane = lane;
    this.session = lane.session();
    this.host = host;
    this.answerLimits = answerLimits;
    this.task = new Task(id, goal, session.latest().pageActions(), null);
  }

  String id() {
    return task.id();
  }

  String goal() {
    return task.goal();
  }

  AuthoringSession session() {
    return session;
  }

  /** How it ended (done, blocked, handed off, ended by task_end or by the next task), or null while it runs. */
  String ended() {
    return task.ended();
  }

  long startedAt() {
    return startedAt;
  }

  /** The task's interaction generation: 1 at the start, one more for each step that reached the page since. */
  static long generation(Task t, SessionSnapshot s) {
    return 1 + Math.max(0, s.pageActions() - t.startActions());
  }

  long generation() {
    return generation(task, session.latest());
  }

  /** Marks the task ended (when it has not ended by itself). */
  void endAs(String how) {
    synchronized (this) {
      Task t = task;
      if (t.ended() == null) task = t.ended(how);
    }
  }

  /** Ends the task and closes its lane; a step waiting for the person is withdrawn with it. */
  void close(String how) {
    endAs(how);
    if (closed) return;
    closed = true;
    try {
      lane.closer().close();
    } catch (Exception e) {
      LOG.warn("closing the lane of task {} failed", id(), e);
    }
  }

  boolean isClosed() {
    return closed;
  }

  // ---- task_start ---------------------------------------------------------------------------------------

  /** Sets the session up for the task and opens its start page: generation 1 is what the agent first sees. */
  TaskReply begin(String url, Map<String, String> vars, List<String> sites, Capabilities caps, String workflowId,
      Consumer<String> progress) throws InterruptedException {
    synchronized (acting) {
      String id = id();
      String goal = goal();
      await(session.start(workflowId, goal, host.budget() + 1, caps), progress, "Starting the task");
      for (Map.Entry<String, String> v : vars.entrySet()) await(session.declareVariable(v.getKey(), v.getValue()), progress, null);
      for (Map.Entry<String, String> v : host.personValues().entrySet()) {
        if (!vars.containsKey(v.getKey())) await(session.declareVariable(v.getKey(), ""), progress, null);
        await(session.setValue(v.getKey(), v.getValue()), progress, null);
      }
      try {
        await(session.allowSites(sites), progress, null);
      } catch (TaskException e) {
        throw new TaskException("allowed_sites: " + e.getMessage());
      }
      task = new Task(id, goal, session.latest().pageActions(), null);
      pages.reset();
      String decision = "{\"reasoning\": \"open the task's start page\", \"done\": false, \"step\": {\"type\": \"navigate\", "
          + "\"url\": " + dev.waymark.workflow.Json.write(url) + "}}";
      TurnOutcome first = await(session.submit(decision, Provenance.MODEL), progress, "Opening " + url);
      ApplyOutput out = first.kind() == TurnOutcome.Kind.AWAITING_APPROVAL ? awaitAnswer(first.pending(), null, progress) : first.output();
      task = new Task(id, goal, session.latest().pageActions(), null);
      if (out == null || !out.ok()) {
        String why = out == null ? "no answer" : out.error();
        return TaskReply.failure("Task " + id + " started, but " + url + " could not be opened: " + why
            + ". Send kind navigate with another url, or start again.\n" + stateText(task, session.latest(), null));
      }
      return reply(false, "Task " + id + " started at " + url + ".", task, session.latest(), null, null);
    }
  }

  // ---- task_state ---------------------------------------------------------------------------------------

  /** The task's state, with the page whole or as the changes since the page sent at generation {@code since}. */
  TaskReply state(Long since, Consumer<String> progress) throws InterruptedException {
    Task t = task;
    PageObservation page = closed ? session.latest().observation() : readPageIfFree(progress);
    SessionSnapshot s = session.latest();
    return reply(false, "Task " + t.id() + (t.ended() == null ? "" : " (" + t.ended() + ")") + ".", t, s, page, since);
  }

  // ---- task_respond -------------------------------------------------------------------------------------

  /** Performs one action; the reply's page is whole, or the changes since the page sent at generation {@code since}. */
  TaskReply respond(long generation, JsonNode action, Long since, Consumer<String> progress) throws InterruptedException {
    synchronized (acting) {
      Task t = task;
      SessionSnapshot s = session.latest();
      long current = generation(t, s);
      if (generation != current) {
        PageObservation page = readPageIfFree(progress);
        return reply(true, "interaction_generation " + generation + " is stale: the page has changed since (it is now "
            + current + "). Nothing was done. Decide again from the page below and send interaction_generation " + current
            + ".", t, session.latest(), page, since);
      }
      if (t.ended() != null) {
        throw new TaskException("Task " + t.id() + " has ended (" + t.ended() + "); export it with task_export, end it with "
            + "task_end, or start a new one with task_start");
      }
      String decision;
      try {
        // the agent's refs are the ones its pages showed; the session resolves the observer's
        JsonNode translated = pages.translate(action, s.observation());
        decision = AgentActions.toDecision(translated);
        pages.acting(translated);
      } catch (AgentActions.BadAction e) {
        throw new TaskException(e.getMessage());
      }
      if (s.pending() != null) {
        throw new TaskException("A step waits for the person's approval (" + TaskReplies.describe(s.pending()) + "). Nothing was done; "
            + "call task_state to see when they have answered");
      }
      ApplyOutput before = s.lastOutput();
      long actionsBefore = s.pageActions();
      TurnOutcome o = await(session.submit(decision, Provenance.MODEL), progress, null);
      boolean asked = o.kind() == TurnOutcome.Kind.AWAITING_APPROVAL;
      ApplyOutput out = asked ? awaitAnswer(o.pending(), before, progress) : o.output();
      SessionSnapshot after = session.latest();
      boolean reached = after.pageActions() > actionsBefore;
      ExtTurn turn = out == null ? null : out.lastTurn();
      if (out != null && out.done()) task = t.ended("done");
      else if (out != null && out.blocked() != null) task = t.ended("blocked: " + out.blocked());
      else if (out != null && out.handoff() != null) task = t.ended("handed off to the person");
      Task now = task;
      if (out == null) throw new TaskException("The session gave no answer for that action; call task_state");
      if (!reached && out.error() != null && !out.done() && out.blocked() == null && out.handoff() == null
          && (turn == null || turn.resolved() == null)) {
        String who = asked ? "The person rejected the step: " : "The action was refused, nothing was done: ";
        return reply(true, who + out.error() + ".", now, after, null, since);
      }
      return reply(!out.ok() && !out.done() && out.blocked() == null && out.handoff() == null,
          TaskReplies.headline(out, turn, asked, after.state().capabilities().download()), now, after, null, since);
    }
  }

  // ---- task_export --------------------------------------------------------------------------------------

  /** Writes the task's workflow YAML to {@code path} (a new .yaml file, or one this server wrote) and returns its text. */
  TaskReply export(Path path, Set<Path> writtenBefore) throws InterruptedException {
    Task t = task;
    String yaml = await(session.exportYaml(), s -> { }, null);
    if (path == null) {
      return new TaskReply(false, yaml, Map.of("task_id", t.id(), "yaml", yaml));
    }
    Path file = path.toAbsolutePath().normalize();
    String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
    if (!name.endsWith(".yaml") && !name.endsWith(".yml")) {
      throw new TaskException("path must name a .yaml or .yml file; got " + path);
    }
    if (Files.exists(file) && !writtenBefore.contains(file)) {
      throw new TaskException(file + " already exists and was not written by this task server; Waymark never overwrites "
          + "it. Give a new file name");
    }
    if (file.getParent() != null && !Files.isDirectory(file.getParent())) {
      throw new TaskException("the folder " + file.getParent() + " does not exist");
    }
    await(session.export(file), s -> { }, null);
    writtenBefore.add(file);
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("task_id", t.id());
    m.put("path", file.toString());
    m.put("steps", session.latest().steps().size());
    m.put("yaml", yaml);
    return new TaskReply(false, "Wrote " + session.latest().steps().size() + " steps to " + file + ":\n\n" + yaml, m);
  }

  // ---- shared -------------------------------------------------------------------------------------------

  private PageObservation readPageIfFree(Consumer<String> progress) throws InterruptedException {
    SessionSnapshot s = session.latest();
    // A step in progress owns the page (a userStep waiting for the person); the last page read is what there is.
    if (s.busy() || s.userStep() != null) return s.observation();
    try {
      return await(session.observe(), progress, "Reading the page");
    } catch (TaskException e) {
      LOG.debug("reading the page for an agent failed: {}", e.getMessage());
      return session.latest().observation();
    }
  }

  /**
   * Waits for the person's answer to the held step: the turn that answers it is recorded (lastOutput changes) and the
   * session is idle again (the page was read after it). Says it is waiting every few seconds.
   */
  private ApplyOutput awaitAnswer(PendingApproval p, ApplyOutput before, Consumer<String> progress) throws InterruptedException {
    long deadline = System.nanoTime() + answerLimits.get().toNanos();
    long nextSay = 0;
    String what = "Waiting for the person to approve " + TaskReplies.describe(p)
        + " (in the studio, on the terminal or in Chrome's side panel)";
    while (true) {
      SessionSnapshot s = session.latest();
      if (s.pending() == null && s.lastOutput() != before && !s.busy()) return s.lastOutput();
      long now = System.nanoTime();
      if (now - deadline > 0) {
        throw new TaskException("The person has not answered yet (" + answerLimits.get().toSeconds() + " s); the step still waits "
            + "for them and is performed if they approve it. Do not send it again: call task_state in a while to see "
            + "their answer and the step's result");
      }
      if (now - nextSay >= 0) {
        progress.accept(s.pending() != null ? what : s.activity() != null ? s.activity() : "Recording the answer");
        nextSay = now + AgentTasks.PROGRESS_EVERY.toNanos();
      }
      Thread.sleep(50);
    }
  }

  /** Waits for a session operation, saying what it waits for every few seconds (a userStep may take minutes). */
  <T> T await(CompletableFuture<T> f, Consumer<String> progress, String doing) throws InterruptedException {
    while (true) {
      try {
        return f.get(AgentTasks.PROGRESS_EVERY.toMillis(), TimeUnit.MILLISECONDS);
      } catch (TimeoutException e) {
        SessionSnapshot s = session.latest();
        String say = s.userStep() != null ? "Waiting for the person: " + s.userStep().instruction()
            : s.activity() != null ? s.activity() : doing != null ? doing : "Working";
        progress.accept(say);
      } catch (ExecutionException e) {
        Throwable c = e.getCause();
        if (c instanceof SessionException se) throw new TaskException(se.getMessage(), se);
        LOG.warn("a task operation failed", c);
        throw new TaskException("Waymark failed: " + (c == null ? e.getMessage() : c.getMessage()) + " (the log has the details)", c);
      }
    }
  }

  private TaskReplies replies() {
    return new TaskReplies(new SecretMask(host.personValues()));
  }

  private TaskReply reply(boolean error, String headline, Task t, SessionSnapshot s, PageObservation page, Long since) {
    long gen = generation(t, s);
    // a late effect names the turn that sent its click, as the step's own reply does (decision 0073)
    PageObservation shown = LateEffectTurns.named(page != null ? page : s.observation(), s.trail());
    return replies().reply(error, headline, t.id(), gen, t.ended(), s, shown == null ? null : shown.url(),
        pages.show(shown, gen, since));
  }

  private String stateText(Task t, SessionSnapshot s, PageObservation page) {
    long gen = generation(t, s);
    return replies().stateText(t.id(), gen, t.ended(), s,
        pages.show(LateEffectTurns.named(page != null ? page : s.observation(), s.trail()), gen, null));
  }

}
