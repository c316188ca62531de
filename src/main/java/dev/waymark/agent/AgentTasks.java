package dev.waymark.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.apply.ApplyOutput;
import dev.waymark.apply.Capabilities;
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
 * The tasks an agent runs through {@code task_start}, {@code task_state}, {@code task_respond} and {@code task_export},
 * over one authoring session that the person shares (the studio's window, or the {@code mcp} command's terminal and
 * side panel). An agent's action becomes a decision like a model's: it is checked, gated, held for the person when
 * risky, performed and journaled by the session. The agent never sees a value and never approves.
 *
 * <p>{@code interaction_generation} counts the steps that reached the page since the task started, whoever took them
 * (the agent, or the person in the window): an action sent with an older generation was decided on a page that has
 * changed since, and is refused with the current page attached. One call acts at a time.
 */
public final class AgentTasks {
  private static final Logger LOG = LoggerFactory.getLogger(AgentTasks.class);
  /** How often a waiting call says it is still waiting. */
  static final Duration PROGRESS_EVERY = Duration.ofSeconds(2);
  /**
   * How long a call waits for the person before it answers that the step still waits (the step keeps waiting, and
   * task_state tells its outcome later): under the 60 s many MCP clients give a call that reports no progress.
   */
  static final Duration ANSWER_LIMIT = Duration.ofSeconds(50);

  /** What the host (the command or the studio) brings: the person's values and how a workflow is replayed. */
  public interface Host {
    /** Values the person gave (a values file), by variable name; typed into the page, never returned. */
    Map<String, String> personValues();

    /** The capabilities the person allows; a task may ask for fewer, never more. */
    Capabilities allowed();

    /** The turns one task may take (the person's --budget). */
    default int budget() {
      return 200;
    }

    /** A host with fixed values, capabilities and budget. */
    static Host of(Map<String, String> values, Capabilities allowed, int budget) {
      Map<String, String> copy = Map.copyOf(values);
      return new Host() {
        @Override
        public Map<String, String> personValues() {
          return copy;
        }

        @Override
        public Capabilities allowed() {
          return allowed;
        }

        @Override
        public int budget() {
          return budget;
        }
      };
    }

    static Host of(Map<String, String> values, Capabilities allowed) {
      return of(values, allowed, 200);
    }
  }

  private final AuthoringSession session;
  private final Host host;
  private final Object acting = new Object();
  private final AgentPages pages = new AgentPages();
  private volatile Task task;
  private volatile String endedBecause;
  private volatile Duration answerLimit = ANSWER_LIMIT;

  /** A task: its id, goal, and the session's page-action count when it started. */
  private record Task(String id, String goal, long startActions, String ended) {
    Task ended(String how) {
      return new Task(id, goal, startActions, how);
    }
  }

  /** What {@code task_start} takes; variables are names with descriptions, never values. */
  public record Start(String goal, String startUrl, List<String> allowedSites, Map<String, String> variables,
      List<String> capabilities, String workflowId) {}

  public AgentTasks(AuthoringSession session, Host host) {
    this.session = session;
    this.host = host;
  }

  /** How long one call waits for the person's answer before it says the step still waits (tests shorten it). */
  void setAnswerLimit(Duration limit) {
    answerLimit = limit;
  }

  /** The session the tasks run in (the studio shows it). */
  public AuthoringSession session() {
    return session;
  }

  // ---- task_start ---------------------------------------------------------------------------------------

  public TaskReply start(Start req, Consumer<String> progress) throws InterruptedException {
    if (req.goal() == null || req.goal().isBlank()) throw new TaskException("goal is missing: say what the task should achieve");
    String url = req.startUrl() == null ? "" : req.startUrl().strip();
    if (!url.matches("(?i)https?://\\S+")) {
      throw new TaskException("start_url must be an absolute http(s) address, e.g. https://shop.example/; got \"" + url + "\"");
    }
    Map<String, String> vars = new LinkedHashMap<>();
    if (req.variables() != null) {
      for (Map.Entry<String, String> v : req.variables().entrySet()) {
        if (!Tokens.isName(v.getKey())) {
          throw new TaskException("variables: \"" + v.getKey() + "\" cannot be a variable name; use letters, digits and _ . -, "
              + "starting with a letter or _");
        }
        vars.put(v.getKey(), v.getValue() == null ? "" : v.getValue());
      }
    }
    Capabilities caps = capabilities(req.capabilities());
    synchronized (acting) {
      SessionSnapshot now = session.latest();
      if (now.pending() != null) {
        throw new TaskException("A step waits for the person's approval (" + TaskReplies.describe(now.pending())
            + "); a new task can start once they have answered it");
      }
      Task previous = task;
      String id = "t-" + UUID.randomUUID().toString().substring(0, 8);
      String workflowId = req.workflowId() == null || req.workflowId().isBlank() ? "workflow" : req.workflowId().strip();
      await(session.start(workflowId, req.goal().strip(), host.budget() + 1, caps), progress, "Starting the task");
      for (Map.Entry<String, String> v : vars.entrySet()) await(session.declareVariable(v.getKey(), v.getValue()), progress, null);
      for (Map.Entry<String, String> v : host.personValues().entrySet()) {
        if (!vars.containsKey(v.getKey())) await(session.declareVariable(v.getKey(), ""), progress, null);
        await(session.setValue(v.getKey(), v.getValue()), progress, null);
      }
      List<String> sites = new java.util.ArrayList<>(req.allowedSites() == null ? List.of() : req.allowedSites());
      sites.add(0, url);
      try {
        await(session.allowSites(sites), progress, null);
      } catch (TaskException e) {
        throw new TaskException("allowed_sites: " + e.getMessage());
      }
      long start = session.latest().pageActions();
      task = new Task(id, req.goal().strip(), start, null);
      pages.reset();
      endedBecause = previous == null || previous.ended() != null ? null
          : "task " + previous.id() + " ended when task " + id + " started";
      String decision = "{\"reasoning\": \"open the task's start page\", \"done\": false, \"step\": {\"type\": \"navigate\", "
          + "\"url\": " + dev.waymark.workflow.Json.write(url) + "}}";
      TurnOutcome first = await(session.submit(decision, Provenance.MODEL), progress, "Opening " + url);
      ApplyOutput out = first.kind() == TurnOutcome.Kind.AWAITING_APPROVAL ? awaitAnswer(first.pending(), null, progress) : first.output();
      // The start page is generation 1: what the agent first sees.
      task = new Task(id, req.goal().strip(), session.latest().pageActions(), null);
      if (out == null || !out.ok()) {
        String why = out == null ? "no answer" : out.error();
        return TaskReply.failure("Task " + id + " started, but " + url + " could not be opened: " + why
            + ". Send kind navigate with another url, or start again.\n" + stateText(task, session.latest(), null));
      }
      return reply(false, "Task " + id + " started at " + url + ".", task, session.latest(), null, null);
    }
  }

  private Capabilities capabilities(List<String> asked) {
    Capabilities allowed = host.allowed();
    if (asked == null) return allowed;
    Set<String> names = new LinkedHashSet<>();
    for (String n : asked) {
      if (!Capabilities.NAMES.contains(n)) {
        throw new TaskException("capabilities: \"" + n + "\" is not one; use " + String.join(", ", Capabilities.NAMES));
      }
      // The person's setting wins: a task may narrow what is allowed, never widen it.
      if (allowed.allows(n)) names.add(n);
    }
    return Capabilities.of(names);
  }

  // ---- task_state ---------------------------------------------------------------------------------------

  public TaskReply state(String taskId, Consumer<String> progress) throws InterruptedException {
    return state(taskId, null, progress);
  }

  /** The task's state, with the page whole or as the changes since the page sent at generation {@code since}. */
  public TaskReply state(String taskId, Long since, Consumer<String> progress) throws InterruptedException {
    Task t = require(taskId);
    PageObservation page = readPageIfFree(progress);
    SessionSnapshot s = session.latest();
    return reply(false, "Task " + t.id() + (t.ended() == null ? "" : " (" + t.ended() + ")") + ".", t, s, page, since);
  }

  // ---- task_respond -------------------------------------------------------------------------------------

  public TaskReply respond(String taskId, long generation, JsonNode action, Consumer<String> progress) throws InterruptedException {
    return respond(taskId, generation, action, null, progress);
  }

  /** Performs one action; the reply's page is whole, or the changes since the page sent at generation {@code since}. */
  public TaskReply respond(String taskId, long generation, JsonNode action, Long since, Consumer<String> progress)
      throws InterruptedException {
    synchronized (acting) {
      Task t = require(taskId);
      SessionSnapshot s = session.latest();
      long current = generation(t, s);
      if (generation != current) {
        PageObservation page = readPageIfFree(progress);
        return reply(true, "interaction_generation " + generation + " is stale: the page has changed since (it is now "
            + current + "). Nothing was done. Decide again from the page below and send interaction_generation " + current
            + ".", t, session.latest(), page, since);
      }
      if (t.ended() != null) {
        throw new TaskException("Task " + t.id() + " has ended (" + t.ended() + "); export it with task_export or start a "
            + "new one with task_start");
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
          TaskReplies.headline(out, turn, asked), now, after, null, since);
    }
  }

  // ---- task_export --------------------------------------------------------------------------------------

  /** Writes the task's workflow YAML to {@code path} (a new .yaml file, or one this server wrote) and returns its text. */
  public TaskReply export(String taskId, Path path, Set<Path> writtenBefore) throws InterruptedException {
    Task t = require(taskId);
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

  private Task require(String taskId) {
    Task t = task;
    if (taskId == null || taskId.isBlank()) throw new TaskException("task_id is missing; task_start gives one");
    if (t == null) throw new TaskException("There is no task " + taskId + "; start one with task_start");
    if (!t.id().equals(taskId.strip())) {
      String why = endedBecause != null && endedBecause.startsWith("task " + taskId.strip() + " ") ? endedBecause
          : "there is no task " + taskId.strip();
      throw new TaskException(capitalized(why) + "; the current task is " + t.id());
    }
    return t;
  }

  /** The task's interaction generation: 1 at the start, one more for each step that reached the page since. */
  static long generation(Task t, SessionSnapshot s) {
    return 1 + Math.max(0, s.pageActions() - t.startActions());
  }

  /** The current generation of the task (for the studio and tests). */
  public long generation() {
    Task t = task;
    return t == null ? 0 : generation(t, session.latest());
  }

  /** The id of the running task, or null. */
  public String taskId() {
    Task t = task;
    return t == null ? null : t.id();
  }

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
    long deadline = System.nanoTime() + answerLimit.toNanos();
    long nextSay = 0;
    String what = "Waiting for the person to approve " + TaskReplies.describe(p)
        + " (in the studio, on the terminal or in Chrome's side panel)";
    while (true) {
      SessionSnapshot s = session.latest();
      if (s.pending() == null && s.lastOutput() != before && !s.busy()) return s.lastOutput();
      long now = System.nanoTime();
      if (now - deadline > 0) {
        throw new TaskException("The person has not answered yet (" + answerLimit.toSeconds() + " s); the step still waits "
            + "for them and is performed if they approve it. Do not send it again: call task_state in a while to see "
            + "their answer and the step's result");
      }
      if (now - nextSay >= 0) {
        progress.accept(s.pending() != null ? what : s.activity() != null ? s.activity() : "Recording the answer");
        nextSay = now + PROGRESS_EVERY.toNanos();
      }
      Thread.sleep(50);
    }
  }

  /** Waits for a session operation, saying what it waits for every few seconds (a userStep may take minutes). */
  private <T> T await(CompletableFuture<T> f, Consumer<String> progress, String doing) throws InterruptedException {
    while (true) {
      try {
        return f.get(PROGRESS_EVERY.toMillis(), TimeUnit.MILLISECONDS);
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
    PageObservation shown = page != null ? page : s.observation();
    return replies().reply(error, headline, t.id(), gen, t.ended(), s, shown == null ? null : shown.url(),
        pages.show(shown, gen, since));
  }

  private String stateText(Task t, SessionSnapshot s, PageObservation page) {
    long gen = generation(t, s);
    return replies().stateText(t.id(), gen, t.ended(), s, pages.show(page != null ? page : s.observation(), gen, null));
  }

  private static String capitalized(String s) {
    return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
  }
}
