package dev.waymark.bridge;

import dev.waymark.apply.BrowserPort;
import dev.waymark.apply.Route;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepOutcome;
import dev.waymark.workflow.StepProgress;
import dev.waymark.workflow.StepResult;
import dev.waymark.workflow.StepTypes;
import dev.waymark.workflow.Tokens;
import java.io.IOException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.regex.Matcher;

/**
 * The apply turn's {@link BrowserPort} over the bridge. Blocks the calling (session) thread, never
 * the FX thread. Each call sends a fresh wire step id ({@code <step id>@<random>}), because the
 * extension answers a step id it has seen from its ledger instead of acting: the same workflow
 * step performed again (a replay, a later turn) is a new performance.
 */
public final class BridgeBrowserPort implements BrowserPort {
  private final BrowserClient client;
  private final CaptureFolder captures;
  private final boolean identity;
  // workflow step id -> the wire id of its performance running now, so the person's Stop names the right one
  private final Map<String, String> running = new ConcurrentHashMap<>();

  /** A port whose captured files are reported but not kept (no folder to keep them in). */
  public BridgeBrowserPort(BrowserClient client) {
    this(client, null);
  }

  /** A port that saves every captured file into {@code captures}. */
  public BridgeBrowserPort(BrowserClient client, CaptureFolder captures) {
    this(client, captures, false);
  }

  /**
   * A port for replay when {@code identity}: the extension checks each element step's target before acting and
   * heals to it (the heal comes back on the result), or stops the step naming the candidates.
   */
  public BridgeBrowserPort(BrowserClient client, CaptureFolder captures, boolean identity) {
    this.client = client;
    this.captures = captures;
    this.identity = identity;
  }

  /** The wire step id of one performance of {@code step}. */
  static String wireStepId(Step step) {
    String base = step.id() == null || step.id().isBlank() ? "step" : step.id();
    return base + WIRE_MARK + UUID.randomUUID().toString().substring(0, WIRE_SUFFIX);
  }

  private static final String WIRE_MARK = "@";
  private static final int WIRE_SUFFIX = 8;

  /**
   * The workflow's step id a wire id was made from ({@link #wireStepId}): what the steps table, the trail and run's
   * lines name. An id this port did not make (a test's, an agent's) is returned as it is.
   */
  public static String stepIdOf(String wireId) {
    if (wireId == null) return null;
    int at = wireId.lastIndexOf(WIRE_MARK);
    return at > 0 && wireId.length() - at - 1 == WIRE_SUFFIX ? wireId.substring(0, at) : wireId;
  }

  /**
   * {@inheritDoc} For an upload step, each {@code {{ name }}} of the step's value is a file
   * placeholder whose real value is a path on this computer: the file is read here and sent as
   * {filename, mime, base64}; the path itself never goes to the browser.
   */
  @Override
  public StepResult perform(Step step, Map<String, String> values, int timeoutMs) {
    return perform(step, values, timeoutMs, Route.NONE);
  }

  /** {@inheritDoc} The workflow id goes on the {@code perform} message; the client hint picks the browser when connected. */
  @Override
  public StepResult perform(Step step, Map<String, String> values, int timeoutMs, Route route) {
    return perform(step, values, timeoutMs, route, null);
  }

  /**
   * The same, handing the step's progress (a long extractList's rows and pages so far) to {@code progress} on the
   * calling thread while it runs; null: none.
   */
  public StepResult perform(Step step, Map<String, String> values, int timeoutMs, Route route, Consumer<StepProgress> progress) {
    try {
      return send(step, values, timeoutMs, route, progress);
    } catch (BridgeException.NotConnected e) {
      // nothing was sent: the step did not happen
      return StepResult.failure(step.id(), e.getMessage(), null);
    }
  }

  /**
   * Same as {@link #perform(Step, Map, int)}, but no paired browser is an exception instead of a failed result, so a
   * replay can tell "the browser went away before this step" (nothing sent, the run may start again elsewhere) from a
   * step the page refused.
   *
   * @throws BridgeException.NotConnected no browser is paired; nothing of the step was sent
   */
  public StepResult performConnected(Step step, Map<String, String> values, int timeoutMs) {
    return send(step, values, timeoutMs, Route.NONE, null);
  }

  /** {@link #performConnected(Step, Map, int)} with the step's progress handed to {@code progress} (null: none). */
  public StepResult performConnected(Step step, Map<String, String> values, int timeoutMs, Consumer<StepProgress> progress) {
    return send(step, values, timeoutMs, Route.NONE, progress);
  }

  private StepResult send(Step step, Map<String, String> values, int timeoutMs, Route route, Consumer<StepProgress> progress) {
    String wireId = wireStepId(step);
    long limit = timeoutMs + client.server().config().performGrace().toMillis() + 5_000;
    Map<String, String> sent = values;
    Map<String, UploadFile> files = Map.of();
    if ("upload".equals(step.type())) {
      sent = new LinkedHashMap<>(values);
      files = new LinkedHashMap<>();
      Matcher m = Tokens.TOKEN.matcher(step.value() == null ? "" : step.value());
      while (m.find()) {
        String name = m.group(1);
        String path = sent.remove(name);
        if (path == null) {
          return StepResult.failure(step.id(), "no file was given for {{ " + name + " }}", null);
        }
        try {
          files.put(name, UploadFile.read(Path.of(path)));
        } catch (IOException | InvalidPathException e) {
          return StepResult.failure(step.id(), "the file for {{ " + name + " }} cannot be uploaded: "
              + (e instanceof IOException ? e.getMessage() : "not a valid path"), null);
        }
      }
    }
    PerformResult r;
    String key = step.id();
    if (key != null) running.put(key, wireId);
    // Listening before the step is sent: its first progress event may come before the send returns.
    try (ProgressTap tap = progress == null ? null : ProgressTap.open(client, wireId, step.id())) {
      CompletableFuture<PerformResult> reply =
          client.perform(wireId, step, sent, files, timeoutMs, route.workflowId(), route.clientId(), identity);
      r = tap == null ? reply.get(limit, TimeUnit.MILLISECONDS) : tap.await(reply, limit, progress);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof BridgeException.NotConnected nc) throw nc;
      // nothing was sent: the step did not happen
      return StepResult.failure(step.id(), cause.getMessage(), null);
    } catch (TimeoutException e) {
      return StepResult.uncertain(step.id(), "The bridge did not report on the step in time; whether it took effect is unknown.")
          .withSentAs(wireId);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return StepResult.uncertain(step.id(), "Interrupted while the step was running; whether it took effect is unknown.")
          .withSentAs(wireId);
    } finally {
      if (key != null) running.remove(key, wireId);
    }
    // the id it was sent under: what the page later says of this sending (a late effect) names it
    StepResult result = toStepResult(step.id(), step, r).withSentAs(wireId);
    return r.file() == null ? result : withSavedFile(step, values, r.file(), result);
  }

  /**
   * The person's Stop for workflow step {@code stepId} while this port performs it: a long extractList ends at its
   * next check with the rows read so far. Completes with whether the browser had it running (false: nothing
   * changed — it has ended, or it is a step that is never stopped half-way).
   */
  public CompletableFuture<Boolean> cancel(String stepId) {
    String wireId = stepId == null ? null : running.get(stepId);
    if (wireId == null) return CompletableFuture.completedFuture(false);
    return client.cancel(wireId);
  }

  private StepResult withSavedFile(Step step, Map<String, String> values, PerformResult.CapturedFile file, StepResult result) {
    return withSavedFile(captures, step, values, file, result);
  }

  /**
   * The capture kept on disk in {@code captures} (null: reported, not kept); the step's data says where, since the
   * file itself never enters the workflow. Every driver keeps its captures this way.
   */
  public static StepResult withSavedFile(CaptureFolder captures, Step step, Map<String, String> values,
      PerformResult.CapturedFile file, StepResult result) {
    String what = (file.filename() == null ? "a file" : file.filename()) + " (" + file.size() + " bytes)";
    if (captures == null) return result.withData("captured " + what + "; not kept: no capture folder");
    try {
      Path saved = captures.save(file, step.filename(), values);
      return result.withData("saved " + what + " to " + saved);
    } catch (IOException e) {
      // the step happened: what else it made happen and which sending it was stay with the failure to keep its file
      return new StepResult(step.id(), false, "the captured " + what + " could not be saved in " + captures.dir() + ": "
          + e.getMessage() + "; check that the folder exists and is writable", null, result.url(), result.title(), false,
          false, result.navigated(), result.outcome(), result.effect(), result.sentAs());
    }
  }

  /** The workflow's StepResult for a bridge result, under the workflow step's own id. */
  public static StepResult toStepResult(String stepId, PerformResult r) {
    return toStepResult(stepId, null, r);
  }

  /**
   * The workflow's StepResult for a bridge result of {@code step} (null when unknown), under the workflow step's own
   * id: everything the page did besides the step goes into its {@link StepOutcome}, structured, so the turn, the
   * trail and the next prompt can say it (task-respond: a dismissed dialog or a blocked download is reported so
   * the next decision can ask for accept_dialog or allow_download).
   */
  public static StepResult toStepResult(String stepId, Step step, PerformResult r) {
    String data = r.data() == null || r.data().isNull() ? null : r.data().isTextual() ? r.data().asText() : r.data().toString();
    return new StepResult(stepId, r.ok(), r.error(), data, r.url(), r.title(), r.skipped(), r.uncertain(), r.navigated(),
        outcome(stepId, step, r, data), r.effect());
  }

  static StepOutcome outcome(String stepId, Step step, PerformResult r, String data) {
    List<StepOutcome.Dialog> dialogs = r.dialogs().stream()
        .map(d -> new StepOutcome.Dialog(d.kind(), d.message(), answered(d), d.beforeStep() ? null : stepId, d.beforeStep()))
        .toList();
    List<StepOutcome.Download> downloads = r.downloads().stream()
        .map(d -> new StepOutcome.Download(d.filename() != null ? d.filename() : d.url(), d.size(), d.mime(), d.blocked(),
            d.blocked() ? null : d.savedTo())).toList();
    List<StepOutcome.Tab> opened = r.newTabs().stream().map(t -> new StepOutcome.Tab(t.id(), t.url(), t.title())).toList();
    List<Integer> closed = List.of();
    if (r.ok() && step != null && StepTypes.CLOSE_TAB.equals(step.type()) && step.value() != null) {
      try {
        closed = List.of(Integer.parseInt(step.value().strip()));
      } catch (NumberFormatException e) {
        // The extension closed what it understood by the value; without a number there is no id to report.
      }
    }
    return new StepOutcome(dialogs, downloads, opened, closed, r.truncated(), r.items(), r.pages(), r.skipped(),
        r.skipped() ? data : null, r.healed(), r.missing(), r.stopped(), r.lateEffects().stream()
            .map(l -> new StepOutcome.LateEffect(stepIdOf(l.stepId()), l.effect(), l.afterMs(), l.stepId(), null)).toList());
  }

  /** How a dialog was answered: the text an accepted prompt returned, else accepted or dismissed. */
  private static String answered(PerformResult.DialogInfo d) {
    if ("prompt".equals(d.kind()) && "accepted".equals(d.handled()) && d.answer() != null) return d.answer();
    return d.handled() == null ? "dismissed" : d.handled();
  }

}
