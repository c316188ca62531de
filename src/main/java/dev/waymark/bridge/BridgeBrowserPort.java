package dev.waymark.bridge;

import dev.waymark.apply.BrowserPort;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepResult;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The apply turn's {@link BrowserPort} over the bridge. Blocks the calling (session) thread, never
 * the FX thread. Each call sends a fresh wire step id ({@code <step id>@<random>}), because the
 * extension answers a step id it has seen from its ledger instead of acting: the same workflow
 * step performed again (a replay, a later turn) is a new performance.
 */
public final class BridgeBrowserPort implements BrowserPort {
  private final BrowserClient client;

  public BridgeBrowserPort(BrowserClient client) {
    this.client = client;
  }

  /** The wire step id of one performance of {@code step}. */
  static String wireStepId(Step step) {
    String base = step.id() == null || step.id().isBlank() ? "step" : step.id();
    return base + "@" + UUID.randomUUID().toString().substring(0, 8);
  }

  @Override
  public StepResult perform(Step step, Map<String, String> values, int timeoutMs) {
    String wireId = wireStepId(step);
    long limit = timeoutMs + client.server().config().performGrace().toMillis() + 5_000;
    PerformResult r;
    try {
      r = client.perform(wireId, step, values, timeoutMs).get(limit, TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      // nothing was sent: the step did not happen
      return StepResult.failure(step.id(), cause.getMessage(), null);
    } catch (TimeoutException e) {
      return StepResult.uncertain(step.id(), "The bridge did not report on the step in time; whether it took effect is unknown.");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return StepResult.uncertain(step.id(), "Interrupted while the step was running; whether it took effect is unknown.");
    }
    return toStepResult(step.id(), r);
  }

  /** The workflow's StepResult for a bridge result, under the workflow step's own id. */
  public static StepResult toStepResult(String stepId, PerformResult r) {
    List<String> dialogs = r.dialogs().stream()
        .map(d -> d.kind() + ": " + d.message() + (d.handled() == null ? "" : " (" + d.handled() + ")")).toList();
    List<String> downloads = r.downloads().stream().map(d -> d.filename() != null ? d.filename() : d.url()).toList();
    List<String> newTabs = r.newTabs().stream().map(TabInfo::url).toList();
    String data = r.data() == null || r.data().isNull() ? null : r.data().isTextual() ? r.data().asText() : r.data().toString();
    return new StepResult(stepId, r.ok(), r.error(), data, r.url(), r.title(), r.skipped(), r.uncertain(), r.navigated(),
        dialogs, downloads, newTabs);
  }
}
