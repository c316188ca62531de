package dev.waymark.scale;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One finished run of a run at scale, as {@code run} prints it (one JSON line each, as each run finishes). Every
 * text is masked: a secret reads as its {@code {{ token }}}; {@code values} holds the row's cells, which are not
 * secrets (the rows file may not hold one).
 *
 * @param run        the run's number in the plan (1, 2, …)
 * @param row        the row's number in the rows file (1 = the first under the header), absent without rows
 * @param status     passed, failed, uncertain, browser_lost, start_not_reached, stopped, no_session or error
 * @param attempts   how many sessions the run used (2 when it was started again after its browser was lost)
 * @param retried    why the run was started again on a new session, absent when it was not
 * @param failedStep the step that stopped the run
 * @param session    the session's description (a Grid session id, a local Chromium)
 * @param report     the run's report folder inside {@code --report DIR}, absent without a report
 */
@JsonPropertyOrder({"run", "workflow", "file", "row", "values", "status", "ok", "time_ms", "attempts", "retried",
    "failed_step", "error", "stored", "session", "report"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunLine(
    @JsonProperty("run") int run,
    @JsonProperty("workflow") String workflow,
    @JsonProperty("file") String file,
    @JsonProperty("row") Integer row,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) @JsonProperty("values") Map<String, String> values,
    @JsonProperty("status") String status,
    @JsonProperty("ok") boolean ok,
    @JsonProperty("time_ms") long timeMs,
    @JsonProperty("attempts") int attempts,
    @JsonProperty("retried") String retried,
    @JsonProperty("failed_step") String failedStep,
    @JsonProperty("error") String error,
    @JsonProperty("stored") Map<String, String> stored,
    @JsonProperty("session") String session,
    @JsonProperty("report") String report) {

  public static final String PASSED = "passed";
  public static final String FAILED = "failed";
  public static final String UNCERTAIN = "uncertain";
  public static final String BROWSER_LOST = "browser_lost";
  public static final String START_NOT_REACHED = "start_not_reached";
  public static final String STOPPED = "stopped";
  public static final String NO_SESSION = "no_session";
  public static final String ERROR = "error";

  public RunLine {
    values = values == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(values));
    stored = stored == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(stored));
  }

  /** The same line pointing at its report folder. */
  public RunLine withReport(String folder) {
    return new RunLine(run, workflow, file, row, values, status, ok, timeMs, attempts, retried, failedStep, error, stored,
        session, folder);
  }
}
