package dev.waymark.replay;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.waymark.workflow.Selector;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepOutcome;
import dev.waymark.workflow.Workflow;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What {@code run --report} keeps while a run goes on: each step's status and time as it ends, and a screenshot
 * of the page at each failure and heal with the element outlined. {@link #finish} gives the report's JSON model;
 * {@link ReportHtml} draws it. Texts come from the runner's results, which are masked already.
 */
public final class RunReport {
  private static final Logger LOG = LoggerFactory.getLogger(RunReport.class);

  /** Takes a picture of the page with the element {@code selector} picks outlined (null: none). */
  @FunctionalInterface
  public interface Camera {
    byte[] shoot(Selector selector) throws Exception;
  }

  /** A screenshot kept for the report: its file name in the report folder and the JPEG bytes. */
  public record Shot(String file, byte[] jpeg) {}

  /** One step as the report shows it. {@code status} is ok, skipped, healed, failed or uncertain. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonPropertyOrder({"n", "step_id", "type", "label", "status", "time_ms", "error", "data", "url", "effect", "optional",
      "rewind", "healed", "heal_diff", "screenshot", "screenshot_error"})
  public record Entry(
      @JsonProperty("n") int n,
      @JsonProperty("step_id") String stepId,
      @JsonProperty("type") String type,
      @JsonProperty("label") String label,
      @JsonProperty("status") String status,
      @JsonProperty("time_ms") long timeMs,
      @JsonProperty("error") String error,
      @JsonProperty("data") String data,
      @JsonProperty("url") String url,
      @JsonProperty("effect") String effect,
      @JsonInclude(JsonInclude.Include.NON_DEFAULT) @JsonProperty("optional") boolean optional,
      @JsonInclude(JsonInclude.Include.NON_DEFAULT) @JsonProperty("rewind") boolean rewind,
      @JsonProperty("healed") StepOutcome.Heal healed,
      @JsonProperty("heal_diff") String healDiff,
      @JsonProperty("screenshot") String screenshot,
      @JsonProperty("screenshot_error") String screenshotError) {}

  /** The whole report (report.json). */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonPropertyOrder({"workflow_id", "workflow_name", "file", "browser", "ok", "outcome", "error", "failed_step", "time_ms",
      "steps_total", "counts", "steps", "stored", "heals_diff"})
  public record Model(
      @JsonProperty("workflow_id") String workflowId,
      @JsonProperty("workflow_name") String workflowName,
      @JsonProperty("file") String file,
      @JsonProperty("browser") String browser,
      @JsonProperty("ok") boolean ok,
      @JsonProperty("outcome") String outcome,
      @JsonProperty("error") String error,
      @JsonProperty("failed_step") String failedStep,
      @JsonProperty("time_ms") long timeMs,
      @JsonProperty("steps_total") int stepsTotal,
      @JsonProperty("counts") Map<String, Integer> counts,
      @JsonProperty("steps") List<Entry> steps,
      @JsonProperty("stored") Map<String, String> stored,
      @JsonProperty("heals_diff") String healsDiff) {}

  private final Workflow workflow;
  private final Camera camera;
  private final LongSupplier clock;
  private final long started;
  private long last;
  private final List<ReplayStepResult> results = new ArrayList<>();
  private final List<Long> times = new ArrayList<>();
  private final Map<Integer, Shot> shots = new LinkedHashMap<>();
  private final Map<Integer, String> shotErrors = new LinkedHashMap<>();
  private volatile String browser;

  /** Starts the clock. {@code camera} may be null (no screenshots). */
  public RunReport(Workflow workflow, Camera camera, LongSupplier clockMs) {
    this.workflow = workflow;
    this.camera = camera;
    this.clock = clockMs;
    this.started = clockMs.getAsLong();
    this.last = started;
  }

  /** Records a step as it ends (on the runner's thread, before the next step starts), and photographs a failure or heal. */
  public void onStep(ReplayStepResult r) {
    long now = clock.getAsLong();
    times.add(now - last);
    results.add(r);
    int i = results.size() - 1;
    String status = status(r);
    if (camera != null && ("failed".equals(status) || "healed".equals(status) || "uncertain".equals(status))) {
      Selector outline = r.outcome() != null && r.outcome().healed() != null ? r.outcome().healed().to() : selectorOf(r.stepId());
      try {
        byte[] jpeg = camera.shoot(outline);
        if (jpeg != null && jpeg.length > 0) {
          shots.put(i, new Shot(String.format(Locale.ROOT, "step-%02d-%s.jpg", i + 1, safe(r.stepId())), jpeg));
        }
      } catch (Exception e) {
        Throwable why = e instanceof java.util.concurrent.ExecutionException && e.getCause() != null ? e.getCause() : e;
        if (e instanceof InterruptedException) Thread.currentThread().interrupt();
        LOG.info("No screenshot for step {}: {}", r.stepId(), why.getMessage());
        shotErrors.put(i, why.getMessage() == null ? why.getClass().getSimpleName() : why.getMessage());
      }
    }
    // The picture is not the step's time: the next step's clock starts after it.
    last = clock.getAsLong();
  }

  /** Names the engine and version the run replays in ("Firefox 153.8.0", "Chrome 156…"), for the report's header. */
  public RunReport browser(String engineAndVersion) {
    this.browser = engineAndVersion;
    return this;
  }

  /** The screenshots taken, by file name. */
  public List<Shot> shots() {
    return List.copyOf(shots.values());
  }

  /**
   * The report of the finished run.
   *
   * @param fileText the workflow file as read, the base of each heal's diff (null: no diffs)
   */
  public Model finish(ReplayResult result, String fileName, String fileText) {
    List<Heals.Found> heals = Heals.of(workflow, result);
    List<Entry> entries = new ArrayList<>();
    Map<String, Integer> counts = new LinkedHashMap<>();
    for (String s : List.of("ok", "skipped", "healed", "failed", "uncertain")) counts.put(s, 0);
    for (int i = 0; i < results.size(); i++) {
      ReplayStepResult r = results.get(i);
      String status = status(r);
      if (!r.rewind()) counts.merge(status, 1, Integer::sum);
      StepOutcome.Heal heal = r.outcome() == null ? null : r.outcome().healed();
      String diff = null;
      if (heal != null && fileText != null) {
        Heals.Found f = heals.stream().filter(h -> h.heal() == heal).findFirst().orElse(null);
        diff = f == null ? null : diffOf(fileName, fileText, List.of(f));
      }
      Shot shot = shots.get(i);
      entries.add(new Entry(i + 1, r.stepId(), r.type(), r.label(), status, times.get(i), r.error(), r.data(), r.url(),
          r.effect(), r.optional(), r.rewind(), heal, diff, shot == null ? null : shot.file(), shotErrors.get(i)));
    }
    String all = fileText == null || heals.isEmpty() ? null : diffOf(fileName, fileText, heals);
    return new Model(workflow.id(), workflow.name(), fileName, browser, result.ok(), result.outcome().name().toLowerCase(Locale.ROOT),
        result.error(), result.failedStep(), clock.getAsLong() - started, workflow.steps().size(), counts, entries,
        result.stored(), all);
  }

  /** ok, skipped, healed, failed or uncertain. */
  static String status(ReplayStepResult r) {
    if (r.uncertain()) return "uncertain";
    if (!r.ok()) return "failed";
    if (r.skipped()) return "skipped";
    if (r.outcome() != null && r.outcome().healed() != null) return "healed";
    return "ok";
  }

  private static String diffOf(String fileName, String text, List<Heals.Found> heals) {
    try {
      String healed = Heals.healedYaml(text, heals);
      String d = Heals.unifiedDiff(fileName, text, healed, heals);
      return d.isEmpty() ? null : d;
    } catch (Exception e) {
      return null;
    }
  }

  private Selector selectorOf(String stepId) {
    List<Step> steps = workflow.steps();
    for (int i = 0; i < steps.size(); i++) if (Heals.idOf(steps.get(i), i).equals(stepId)) return steps.get(i).selector();
    return null;
  }

  private static String safe(String id) {
    String s = id == null ? "step" : id.replaceAll("[^A-Za-z0-9_-]", "_");
    return s.length() > 40 ? s.substring(0, 40) : s;
  }
}
