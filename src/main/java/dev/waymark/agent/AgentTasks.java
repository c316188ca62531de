package dev.waymark.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.apply.Capabilities;
import dev.waymark.session.AuthoringSession;
import dev.waymark.workflow.Tokens;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * The tasks agents run through {@code task_start}, {@code task_state}, {@code task_respond}, {@code task_export},
 * {@code task_list} and {@code task_end}. Each task runs on a lane of its own ({@link TaskLanes}: an authoring
 * session with its own tab, generation, journal, approvals and export), so several tasks, from one agent or several,
 * run at once; past the lanes' limit a start is refused and says which tasks hold them. An agent's action becomes a
 * decision like a model's: it is checked, gated, held for the person when risky, performed and journaled by the
 * task's session. The agent never sees a value and never approves.
 *
 * <p>{@code interaction_generation} counts the steps that reached the task's page since it started, whoever took them
 * (the agent, or the person in the window): an action sent with an older generation was decided on a page that has
 * changed since, and is refused with the current page attached. One call acts on a task at a time.
 */
public final class AgentTasks {
  /** How often a waiting call says it is still waiting. */
  static final Duration PROGRESS_EVERY = Duration.ofSeconds(2);
  /**
   * How long a call waits for the person before it answers that the step still waits (the step keeps waiting, and
   * task_state tells its outcome later): under the 60 s many MCP clients give a call that reports no progress.
   */
  static final Duration ANSWER_LIMIT = Duration.ofSeconds(50);
  /** Ended tasks kept for task_state and task_export after their lane closed. */
  private static final int KEPT_ENDED = 32;

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

  private final TaskLanes lanes;
  private final Host host;
  private final Map<String, AgentTask> tasks = new LinkedHashMap<>();
  private final Map<String, String> gone = new LinkedHashMap<>();
  private volatile Duration answerLimit = ANSWER_LIMIT;
  private volatile AgentTask latest;

  /** What {@code task_start} takes; variables are names with descriptions, never values. */
  public record Start(String goal, String startUrl, List<String> allowedSites, Map<String, String> variables,
      List<String> capabilities, String workflowId) {}

  /** Tasks one at a time over one shared session (a new task ends the one before). */
  public AgentTasks(AuthoringSession session, Host host) {
    this(TaskLanes.single(session), host);
  }

  /** Tasks side by side, each on a lane of its own. */
  public AgentTasks(TaskLanes lanes, Host host) {
    this.lanes = lanes;
    this.host = host;
  }

  /** How long one call waits for the person's answer before it says the step still waits (tests shorten it). */
  void setAnswerLimit(Duration limit) {
    answerLimit = limit;
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
    List<String> sites = new ArrayList<>(req.allowedSites() == null ? List.of() : req.allowedSites());
    sites.add(0, url);
    String workflowId = req.workflowId() == null || req.workflowId().isBlank() ? "workflow" : req.workflowId().strip();
    String id = "t-" + UUID.randomUUID().toString().substring(0, 8);
    AgentTask task = openLane(id, req.goal().strip());
    try {
      return task.begin(url, vars, sites, caps, workflowId, progress);
    } catch (RuntimeException | InterruptedException e) {
      // A start that failed half-way holds no lane: the agent may start again at once.
      end(task, "it could not start: " + e.getMessage());
      throw e;
    }
  }

  /** Takes a lane for a new task, or says which tasks hold them all. */
  private AgentTask openLane(String id, String goal) {
    synchronized (tasks) {
      List<AgentTask> open = tasks.values().stream().filter(t -> !t.isClosed()).toList();
      // A task that finished (done, blocked, handed off) gives its lane up to a new one, oldest first; it can still
      // be exported. Only tasks still running make a start wait for task_end.
      if (open.size() >= lanes.limit() && !lanes.replaces()) {
        int over = open.size() - lanes.limit() + 1;
        for (AgentTask t : open) {
          if (over > 0 && t.ended() != null) {
            end(t, t.ended());
            over--;
          }
        }
        open = tasks.values().stream().filter(t -> !t.isClosed()).toList();
      }
      if (open.size() >= lanes.limit()) {
        if (!lanes.replaces()) {
          StringBuilder b = new StringBuilder("This server runs at most " + lanes.limit() + " tasks at once, and "
              + open.size() + " are running:");
          for (AgentTask t : open) b.append(" ").append(t.id()).append(" (").append(t.ended() == null ? "running" : t.ended()).append(")");
          throw new TaskException(b + ". End one with task_end (export it first if you need its workflow), then start again");
        }
        for (AgentTask t : open) {
          if (t.session().latest().pending() != null) {
            throw new TaskException("A step waits for the person's approval (" + TaskReplies.describe(t.session().latest().pending())
                + "); a new task can start once they have answered it");
          }
        }
        for (AgentTask t : open) end(t, "it ended when task " + id + " started");
      }
      TaskLanes.Lane lane;
      try {
        lane = lanes.open(id, goal);
      } catch (TaskException e) {
        throw e;
      } catch (Exception e) {
        throw new TaskException("No session could be opened for the task: " + e.getMessage(), e);
      }
      AgentTask task = new AgentTask(id, goal, lane, host, () -> answerLimit);
      tasks.put(id, task);
      latest = task;
      return task;
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

  // ---- task_state, task_respond, task_export ------------------------------------------------------------

  public TaskReply state(String taskId, Consumer<String> progress) throws InterruptedException {
    return state(taskId, null, progress);
  }

  /** The task's state, with the page whole or as the changes since the page sent at generation {@code since}. */
  public TaskReply state(String taskId, Long since, Consumer<String> progress) throws InterruptedException {
    return own(taskId).state(since, progress);
  }

  /** The task, when its session is still its own (one that a later task took over has nothing more to say). */
  private AgentTask own(String taskId) {
    AgentTask t = require(taskId);
    if (t.isClosed() && lanes.replaces()) {
      AgentTask now = latest;
      throw new TaskException("Task " + t.id() + " " + t.ended() + (now == null || now == t ? "" : "; the current task is " + now.id()));
    }
    return t;
  }

  public TaskReply respond(String taskId, long generation, JsonNode action, Consumer<String> progress) throws InterruptedException {
    return respond(taskId, generation, action, null, progress);
  }

  /** Performs one action; the reply's page is whole, or the changes since the page sent at generation {@code since}. */
  public TaskReply respond(String taskId, long generation, JsonNode action, Long since, Consumer<String> progress)
      throws InterruptedException {
    AgentTask t = require(taskId);
    if (t.isClosed()) {
      throw new TaskException("Task " + t.id() + " has ended (" + t.ended() + "); export it with task_export or start a new "
          + "one with task_start");
    }
    return t.respond(generation, action, since, progress);
  }

  /** Writes the task's workflow YAML to {@code path} (a new .yaml file, or one this server wrote) and returns its text. */
  public TaskReply export(String taskId, Path path, Set<Path> writtenBefore) throws InterruptedException {
    return own(taskId).export(path, writtenBefore);
  }

  // ---- task_list, task_end ------------------------------------------------------------------------------

  /** One task as task_list and the studio's Agents panel show it. */
  public record TaskSummary(String taskId, String goal, long generation, String state, String url, String waitingFor) {}

  /** The tasks of this server, oldest first: running ones and ended ones still kept. */
  public List<TaskSummary> list() {
    List<AgentTask> all;
    synchronized (tasks) {
      all = List.copyOf(tasks.values());
    }
    List<TaskSummary> out = new ArrayList<>();
    for (AgentTask t : all) {
      var s = t.session().latest();
      String waiting = t.isClosed() ? null : s.pending() != null ? "approval of " + TaskReplies.describe(s.pending())
          : s.userStep() != null ? "the person: " + s.userStep().instruction() : null;
      String state = t.ended() != null ? "ended: " + t.ended() : waiting != null ? "waiting" : s.busy() ? "working" : "running";
      String url = t.isClosed() || s.observation() == null ? null : s.observation().url();
      out.add(new TaskSummary(t.id(), t.goal(), t.isClosed() ? 0 : t.generation(), state, url, waiting));
    }
    return out;
  }

  /** task_list's reply. */
  public TaskReply listReply() {
    List<TaskSummary> all = list();
    long running = all.stream().filter(t -> !t.state().startsWith("ended")).count();
    StringBuilder b = new StringBuilder(all.isEmpty() ? "No tasks yet; start one with task_start."
        : running + " of " + all.size() + " tasks running (at most " + lanes.limit() + " at once).");
    List<Map<String, Object>> rows = new ArrayList<>();
    for (TaskSummary t : all) {
      b.append("\n- ").append(t.taskId()).append(": ").append(t.goal()).append(" · ").append(t.state());
      if (t.generation() > 0) b.append(" · generation ").append(t.generation());
      if (t.url() != null) b.append(" · ").append(t.url());
      if (t.waitingFor() != null) b.append(" · waiting for ").append(t.waitingFor());
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("task_id", t.taskId());
      row.put("goal", t.goal());
      row.put("state", t.state());
      row.put("interaction_generation", t.generation());
      if (t.url() != null) row.put("url", t.url());
      if (t.waitingFor() != null) row.put("waiting_for", t.waitingFor());
      rows.add(row);
    }
    String text = new dev.waymark.apply.SecretMask(host.personValues()).mask(b.toString());
    return new TaskReply(false, text, Map.of("tasks", rows, "limit", lanes.limit()));
  }

  /**
   * Ends a task (task_end, or the person's Stop in the studio): its lane closes, a step that waits for the person is
   * withdrawn, its tab stays open as the person's. Its workflow can still be exported until more tasks push it out.
   */
  public TaskReply end(String taskId, String by) {
    AgentTask t = require(taskId);
    boolean wasOpen = !t.isClosed();
    end(t, by);
    return new TaskReply(false, wasOpen ? "Task " + t.id() + " ended (" + t.ended() + "). task_export still writes its workflow."
        : "Task " + t.id() + " had already ended (" + t.ended() + ").", Map.of("task_id", t.id(), "ended", t.ended()));
  }

  private void end(AgentTask t, String how) {
    t.close(how);
    synchronized (tasks) {
      List<AgentTask> closed = tasks.values().stream().filter(AgentTask::isClosed).toList();
      for (int i = 0; i < closed.size() - KEPT_ENDED; i++) {
        tasks.remove(closed.get(i).id());
        gone.put(closed.get(i).id(), closed.get(i).ended());
        lanes.forget(closed.get(i).id());
      }
      while (gone.size() > 1000) gone.remove(gone.keySet().iterator().next());
    }
  }

  /** Ends every task (the server stops). */
  public void endAll(String how) {
    List<AgentTask> all;
    synchronized (tasks) {
      all = List.copyOf(tasks.values());
    }
    for (AgentTask t : all) t.close(how);
  }

  // ---- for the hosts ------------------------------------------------------------------------------------

  private AgentTask require(String taskId) {
    if (taskId == null || taskId.isBlank()) throw new TaskException("task_id is missing; task_start gives one");
    String id = taskId.strip();
    synchronized (tasks) {
      AgentTask t = tasks.get(id);
      if (t != null) return t;
      if (gone.containsKey(id)) throw new TaskException("Task " + id + " ended (" + gone.get(id) + ") and is no longer kept");
      List<String> ids = tasks.values().stream().filter(x -> !x.isClosed()).map(AgentTask::id).toList();
      throw new TaskException("There is no task " + id + (ids.isEmpty() ? "; start one with task_start"
          : "; the tasks running are " + String.join(", ", ids) + " (task_list tells them)"));
    }
  }

  /** The session of a task (the studio shows it; tests read it). */
  public AuthoringSession session(String taskId) {
    return require(taskId).session();
  }

  /** The generation of the latest task started (for the studio and tests), 0 when none. */
  public long generation() {
    AgentTask t = latest;
    return t == null ? 0 : t.generation();
  }

  /** The id of the latest task started, or null. */
  public String taskId() {
    AgentTask t = latest;
    return t == null ? null : t.id();
  }
}
