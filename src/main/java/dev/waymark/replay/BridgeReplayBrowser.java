package dev.waymark.replay;

import dev.waymark.bridge.BridgeBrowserPort;
import dev.waymark.bridge.BrowserClient;
import dev.waymark.bridge.CaptureFolder;
import dev.waymark.bridge.GateResult;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepResult;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/** The replay's browser over the bridge: steps through {@link BridgeBrowserPort} (a fresh wire id each), userSteps as gates. */
public final class BridgeReplayBrowser implements ReplayBrowser {
  private final BrowserClient client;
  private final BridgeBrowserPort port;

  /** Captured files are reported but not kept. */
  public BridgeReplayBrowser(BrowserClient client) {
    this(client, null);
  }

  /** Captured files are saved into {@code captures}. */
  public BridgeReplayBrowser(BrowserClient client, CaptureFolder captures) {
    this.client = client;
    this.port = new BridgeBrowserPort(client, captures);
  }

  @Override
  public StepResult perform(Step step, Map<String, String> values, int timeoutMs) {
    return port.perform(step, values, timeoutMs);
  }

  @Override
  public StepResult gate(Step step, long limitMs) throws InterruptedException {
    String wireId = (step.id() == null ? "gate" : step.id()) + "@" + UUID.randomUUID().toString().substring(0, 8);
    Future<GateResult> f = client.gate(wireId, step.prompt(), step.continueOn(), limitMs);
    GateResult g;
    try {
      g = f.get();
    } catch (ExecutionException e) {
      return StepResult.failure(step.id(), "the page could not show the request to the person: " + e.getCause().getMessage(), null);
    } catch (InterruptedException e) {
      f.cancel(true);
      throw e;
    }
    if (g.ok()) return StepResult.success(step.id(), g.how() == null ? null : "continued (" + g.how() + ")", null, null);
    String why = "timeout".equals(g.how()) ? "the person did not continue within " + limitMs + " ms"
        : g.error() != null ? g.error() : "the person did not continue";
    return StepResult.failure(step.id(), why, null);
  }
}
